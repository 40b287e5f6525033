CREATE TABLE "calendar_spans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_spans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"lesson_id" integer,
	"interview_id" integer,
	CONSTRAINT "calendar_spans_source_check" CHECK (("calendar_spans"."lesson_id" IS NULL) <> ("calendar_spans"."interview_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "interview_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interview_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"interview_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"remind_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "interview_reminders_kind_check" CHECK ("interview_reminders"."kind" IN ('day', 'hour'))
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"interviewer_id" integer NOT NULL,
	"interviewee_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"level" smallint,
	"feedback" text,
	"interviewee_feedback" text,
	"note" text,
	"decided_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"canceled_by_id" integer,
	"canceled_by_interviewee" boolean,
	"signed_at" timestamp with time zone,
	"signed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_status_check" CHECK ("interviews"."status" BETWEEN 1 AND 4),
	CONSTRAINT "interviews_level_check" CHECK ("interviews"."level" IS NULL OR "interviews"."level" BETWEEN 1 AND 5),
	CONSTRAINT "interviews_range_check" CHECK ("interviews"."ends_at" > "interviews"."starts_at"),
	CONSTRAINT "interviews_members_check" CHECK ("interviews"."interviewer_id" <> "interviews"."interviewee_id"),
	CONSTRAINT "interviews_canceled_check" CHECK (("interviews"."status" = 4) = ("interviews"."canceled_at" IS NOT NULL) AND ("interviews"."canceled_at" IS NULL) = ("interviews"."canceled_by_interviewee" IS NULL)),
	CONSTRAINT "interviews_signed_check" CHECK ("interviews"."signed_at" IS NULL OR "interviews"."status" = 2)
);
--> statement-breakpoint
ALTER TABLE "session_events" ALTER COLUMN "lesson_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "session_events" ADD COLUMN "interview_id" integer;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "studio_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_spans" ADD CONSTRAINT "calendar_spans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_spans" ADD CONSTRAINT "calendar_spans_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_spans" ADD CONSTRAINT "calendar_spans_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_reminders" ADD CONSTRAINT "interview_reminders_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_reminders" ADD CONSTRAINT "interview_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_interviewer_id_users_id_fk" FOREIGN KEY ("interviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_interviewee_id_users_id_fk" FOREIGN KEY ("interviewee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_signed_by_id_users_id_fk" FOREIGN KEY ("signed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_spans_user_idx" ON "calendar_spans" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_spans_lesson_idx" ON "calendar_spans" USING btree ("lesson_id") WHERE "calendar_spans"."lesson_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "calendar_spans_interview_idx" ON "calendar_spans" USING btree ("interview_id") WHERE "calendar_spans"."interview_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_reminders_unique" ON "interview_reminders" USING btree ("interview_id","user_id","kind","starts_at");--> statement-breakpoint
CREATE INDEX "interview_reminders_due_idx" ON "interview_reminders" USING btree ("remind_at") WHERE "interview_reminders"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "interviews_interviewer_idx" ON "interviews" USING btree ("interviewer_id","starts_at");--> statement-breakpoint
CREATE INDEX "interviews_interviewee_idx" ON "interviews" USING btree ("interviewee_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "interviews_one_open_unique" ON "interviews" USING btree ("interviewee_id") WHERE "interviews"."status" IN (1, 2);--> statement-breakpoint
ALTER TABLE "session_events" ADD CONSTRAINT "session_events_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutors" ADD CONSTRAINT "tutors_studio_id_users_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_events_interview_idx" ON "session_events" USING btree ("interview_id","created_at") WHERE "session_events"."interview_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tutors_studio_idx" ON "tutors" USING btree ("studio_id") WHERE "tutors"."studio_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "session_events" ADD CONSTRAINT "session_events_session_check" CHECK (("session_events"."lesson_id" IS NULL) <> ("session_events"."interview_id" IS NULL));--> statement-breakpoint
-- Everyone's calendar (docs/decisions/0013): what a person teaches or conducts, lessons and interviews
-- alike, never overlaps. A TutorManager's introductory lesson and an interview they hold at the same
-- time are refused here (`busy-tutor` for the lesson, `busy-tutor-manager` for the interview), however
-- the requests race.
ALTER TABLE "calendar_spans" ADD CONSTRAINT "calendar_spans_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&);
--> statement-breakpoint
-- A live lesson is one span of its tutor's; a cancelled one none. Written in the lesson's own
-- statement, so the booking keeps its round trips.
CREATE FUNCTION "lessons_calendar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW."starts_at" IS NOT DISTINCT FROM OLD."starts_at" AND NEW."ends_at" IS NOT DISTINCT FROM OLD."ends_at"
       AND NEW."tutor_id" = OLD."tutor_id" AND (NEW."canceled_at" IS NULL) = (OLD."canceled_at" IS NULL) THEN
      RETURN NULL;
    END IF;
    DELETE FROM "calendar_spans" WHERE "lesson_id" = NEW."id";
  END IF;
  IF NEW."canceled_at" IS NULL THEN
    INSERT INTO "calendar_spans" ("user_id", "starts_at", "ends_at", "lesson_id")
      VALUES (NEW."tutor_id", NEW."starts_at", NEW."ends_at", NEW."id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lessons_calendar" AFTER INSERT OR UPDATE OF "starts_at", "ends_at", "tutor_id", "canceled_at"
  ON "lessons" FOR EACH ROW EXECUTE FUNCTION "lessons_calendar"();
--> statement-breakpoint
-- An interview not cancelled is a span of the interviewer's and one of the interviewee's.
CREATE FUNCTION "interviews_calendar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW."starts_at" = OLD."starts_at" AND NEW."ends_at" = OLD."ends_at"
       AND (NEW."status" = 4) = (OLD."status" = 4) THEN
      RETURN NULL;
    END IF;
    DELETE FROM "calendar_spans" WHERE "interview_id" = NEW."id";
  END IF;
  IF NEW."status" <> 4 THEN
    INSERT INTO "calendar_spans" ("user_id", "starts_at", "ends_at", "interview_id")
      VALUES (NEW."interviewer_id", NEW."starts_at", NEW."ends_at", NEW."id"),
             (NEW."interviewee_id", NEW."starts_at", NEW."ends_at", NEW."id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "interviews_calendar" AFTER INSERT OR UPDATE OF "starts_at", "ends_at", "status"
  ON "interviews" FOR EACH ROW EXECUTE FUNCTION "interviews_calendar"();
--> statement-breakpoint
-- The lessons booked before this migration.
INSERT INTO "calendar_spans" ("user_id", "starts_at", "ends_at", "lesson_id")
  SELECT "tutor_id", "starts_at", "ends_at", "id" FROM "lessons" WHERE "canceled_at" IS NULL;
