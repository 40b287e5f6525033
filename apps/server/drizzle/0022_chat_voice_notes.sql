ALTER TABLE "chat_attachments" DROP CONSTRAINT "chat_attachments_kind_check";--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_kind_check" CHECK ("chat_attachments"."kind" IN ('picture', 'pdf', 'voice'));