CREATE TABLE "unknown_lead_source_visits" (
	"name" text NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 1 NOT NULL,
	"last_visit_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unknown_lead_source_visits_name_day_pk" PRIMARY KEY("name","day"),
	CONSTRAINT "unknown_lead_source_visits_name_check" CHECK ("unknown_lead_source_visits"."name" ~ '^[a-z0-9_-]{1,32}$'),
	CONSTRAINT "unknown_lead_source_visits_visits_check" CHECK ("unknown_lead_source_visits"."visits" > 0)
);
--> statement-breakpoint
CREATE INDEX "unknown_lead_source_visits_day_idx" ON "unknown_lead_source_visits" USING btree ("day");