-- Invariants of the schedule that no race may break (architecture §3), as exclusion constraints over
-- half-open ranges [start, end): touching ends do not overlap.
--
-- A tutor's live availability windows never overlap (`conflicting-schedule`). Deferrable: one save
-- of the schedule may move windows past each other, and is checked as a whole before it commits.
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_no_overlap"
  EXCLUDE USING gist ("tutor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("deleted_at" IS NULL) DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
-- A tutor's live lessons never overlap (`busy-tutor`). Interviews (a TutorManager's) will share this
-- rule: see docs/decisions/0007-bookings-in-the-database.md.
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_tutor_no_overlap"
  EXCLUDE USING gist ("tutor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("canceled_at" IS NULL);
--> statement-breakpoint
-- A student's own live lessons never overlap (`conflicting-lessons`).
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_student_no_overlap"
  EXCLUDE USING gist ("student_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("canceled_at" IS NULL);
--> statement-breakpoint
-- A tutor's rating aggregate follows their ratings in the same transaction. Deltas, not a recount, so
-- two ratings committed concurrently both count (the UPDATE waits for the other's row lock and adds
-- to its committed value).
CREATE FUNCTION "ratings_aggregate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "tutors" SET "rating_count" = "rating_count" - 1, "rating_sum" = "rating_sum" - OLD."value"
      WHERE "user_id" = OLD."ratee_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "tutors" SET "rating_count" = "rating_count" + 1, "rating_sum" = "rating_sum" + NEW."value"
      WHERE "user_id" = NEW."ratee_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ratings_aggregate" AFTER INSERT OR DELETE OR UPDATE OF "value", "ratee_id" ON "ratings"
  FOR EACH ROW EXECUTE FUNCTION "ratings_aggregate"();
--> statement-breakpoint
-- Tutor search: names by trigram (the users name index exists since 0002), bios too.
CREATE INDEX "tutors_bio_trgm_idx" ON "tutors" USING gin ("bio" gin_trgm_ops);
