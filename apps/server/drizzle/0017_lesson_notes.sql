CREATE TABLE "lesson_notes" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"summary" text NOT NULL,
	"homework" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_notes_summary_check" CHECK (char_length("lesson_notes"."summary") BETWEEN 1 AND 2000),
	CONSTRAINT "lesson_notes_homework_check" CHECK ("lesson_notes"."homework" IS NULL OR char_length("lesson_notes"."homework") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;