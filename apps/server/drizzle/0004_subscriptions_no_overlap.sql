-- At most one live subscription per student at any instant (rules.md; architecture §3): two
-- subscriptions of one user whose [starts_at, ends_at) ranges overlap cannot both be un-ended.
-- A refund sets ended_at, which releases the range for a new purchase.
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("ended_at" IS NULL);
