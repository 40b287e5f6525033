CREATE TABLE "lesson_note_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_note_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lesson_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_note_files_fileName_unique" UNIQUE("file_name"),
	CONSTRAINT "lesson_note_files_kind_check" CHECK ("lesson_note_files"."kind" IN ('picture', 'pdf'))
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_check";--> statement-breakpoint
ALTER TABLE "lesson_note_files" ADD CONSTRAINT "lesson_note_files_lesson_id_lesson_notes_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lesson_notes"("lesson_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_note_files" ADD CONSTRAINT "lesson_note_files_file_name_files_name_fk" FOREIGN KEY ("file_name") REFERENCES "public"."files"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_note_files_lesson_idx" ON "lesson_note_files" USING btree ("lesson_id","id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK ("files"."kind" IN ('upload', 'receipt', 'report', 'chat', 'note'));