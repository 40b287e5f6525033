CREATE TABLE "installment_reminders" (
	"installment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installment_reminders_pkey" PRIMARY KEY("installment_id","kind"),
	CONSTRAINT "installment_reminders_kind_check" CHECK ("installment_reminders"."kind" IN ('upcoming', 'due', 'overdue', 'paused'))
);
--> statement-breakpoint
ALTER TABLE "installment_reminders" ADD CONSTRAINT "installment_reminders_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installments_unpaid_due_idx" ON "installments" USING btree ("due_at") WHERE "installments"."paid_at" IS NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_installment_plan_idx" ON "subscriptions" USING btree ("installment_plan_id") WHERE "subscriptions"."installment_plan_id" IS NOT NULL;