CREATE TABLE "favorite_tutors" (
	"student_id" integer NOT NULL,
	"tutor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_tutors_student_id_tutor_id_pk" PRIMARY KEY("student_id","tutor_id"),
	CONSTRAINT "favorite_tutors_members_check" CHECK ("favorite_tutors"."student_id" <> "favorite_tutors"."tutor_id")
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "favorite_tutors" ADD CONSTRAINT "favorite_tutors_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_tutors" ADD CONSTRAINT "favorite_tutors_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorite_tutors_tutor_idx" ON "favorite_tutors" USING btree ("tutor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_student_trial_unique" ON "lessons" USING btree ("student_id") WHERE "lessons"."trial" AND ("lessons"."canceled_at" IS NULL OR "lessons"."minutes_returned" = false);--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_trial_check" CHECK (NOT ("lessons"."trial" AND "lessons"."intro"));