ALTER TABLE "transactions" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_trial_unique" ON "transactions" USING btree ("user_id") WHERE "transactions"."trial" AND "transactions"."status" IN (0, 1);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_purpose_check" CHECK ("transactions"."trial" = ("transactions"."plan_id" IS NULL) AND NOT ("transactions"."trial" AND "transactions"."upgrade_of" IS NOT NULL));