-- Extensions our constraints and search need: EXCLUDE constraints over (id, range) pairs,
-- trigram search on names and topics, case-insensitive e-mail addresses.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS citext;
