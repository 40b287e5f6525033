CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"discount" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"usage_limit" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_check" CHECK ("coupons"."code" ~ '^[A-Z0-9-]{4,20}$'),
	CONSTRAINT "coupons_discount_check" CHECK ("coupons"."discount" BETWEEN 100 AND 10000),
	CONSTRAINT "coupons_uses_check" CHECK ("coupons"."uses" >= 0 AND ("coupons"."usage_limit" IS NULL OR ("coupons"."usage_limit" > 0 AND "coupons"."uses" <= "coupons"."usage_limit")))
);
--> statement-breakpoint
CREATE TABLE "installment_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "installment_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"period" smallint NOT NULL,
	"coupon_id" integer,
	"total_amount" integer NOT NULL,
	"count" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installment_plans_count_check" CHECK ("installment_plans"."count" IN (2, 4)),
	CONSTRAINT "installment_plans_total_check" CHECK ("installment_plans"."total_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "installments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "installments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"installment_plan_id" integer NOT NULL,
	"index" smallint NOT NULL,
	"amount" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "installments_amount_check" CHECK ("installments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" "citext" NOT NULL,
	"plan_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"fawry_ref_number" text,
	"source" text NOT NULL,
	"applied" boolean NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_notifications_source_check" CHECK ("payment_notifications"."source" IN ('notification', 'poll', 'api', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"alias" text NOT NULL,
	"weekly_minutes" integer NOT NULL,
	"full_month_price" integer NOT NULL,
	"full_month_discount" integer DEFAULT 0 NOT NULL,
	"full_quarter_price" integer NOT NULL,
	"full_quarter_discount" integer DEFAULT 0 NOT NULL,
	"half_year_price" integer NOT NULL,
	"half_year_discount" integer DEFAULT 0 NOT NULL,
	"full_year_price" integer NOT NULL,
	"full_year_discount" integer DEFAULT 0 NOT NULL,
	"for_invites_only" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_weekly_minutes_check" CHECK ("plans"."weekly_minutes" BETWEEN 15 AND 10080 AND "plans"."weekly_minutes" % 15 = 0),
	CONSTRAINT "plans_alias_check" CHECK (char_length("plans"."alias") BETWEEN 3 AND 50),
	CONSTRAINT "plans_full_month_price_check" CHECK ("plans"."full_month_price" > 0 AND "plans"."full_month_price" % 100 = 0),
	CONSTRAINT "plans_full_quarter_price_check" CHECK ("plans"."full_quarter_price" > 0 AND "plans"."full_quarter_price" % 100 = 0),
	CONSTRAINT "plans_half_year_price_check" CHECK ("plans"."half_year_price" > 0 AND "plans"."half_year_price" % 100 = 0),
	CONSTRAINT "plans_full_year_price_check" CHECK ("plans"."full_year_price" > 0 AND "plans"."full_year_price" % 100 = 0),
	CONSTRAINT "plans_full_month_discount_check" CHECK ("plans"."full_month_discount" BETWEEN 0 AND 10000),
	CONSTRAINT "plans_full_quarter_discount_check" CHECK ("plans"."full_quarter_discount" BETWEEN 0 AND 10000),
	CONSTRAINT "plans_half_year_discount_check" CHECK ("plans"."half_year_discount" BETWEEN 0 AND 10000),
	CONSTRAINT "plans_full_year_discount_check" CHECK ("plans"."full_year_discount" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"installment_plan_id" integer,
	"period" smallint NOT NULL,
	"weekly_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_transaction_unique" UNIQUE("transaction_id"),
	CONSTRAINT "subscriptions_range_check" CHECK ("subscriptions"."ends_at" > "subscriptions"."starts_at"),
	CONSTRAINT "subscriptions_end_reason_check" CHECK ("subscriptions"."end_reason" IN ('refunded', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"period" smallint NOT NULL,
	"coupon_id" integer,
	"amount" integer NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"weekly_minutes" integer NOT NULL,
	"method" smallint,
	"status" smallint DEFAULT 0 NOT NULL,
	"fawry_ref_number" text,
	"expires_at" timestamp with time zone,
	"installment_id" integer,
	"bank_installment_months" smallint,
	"fawry_installment_plan_id" integer,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_fawry_ref_number_unique" UNIQUE("fawry_ref_number"),
	CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" BETWEEN 0 AND 6),
	CONSTRAINT "transactions_method_check" CHECK ("transactions"."method" BETWEEN 0 AND 3),
	CONSTRAINT "transactions_period_check" CHECK ("transactions"."period" BETWEEN 0 AND 3),
	CONSTRAINT "transactions_amount_check" CHECK ("transactions"."amount" >= 0 AND "transactions"."refunded_amount" BETWEEN 0 AND "transactions"."amount"),
	CONSTRAINT "transactions_grant_check" CHECK ("transactions"."granted_by" IS NULL OR "transactions"."amount" = 0)
);
--> statement-breakpoint
ALTER TABLE "installment_plans" ADD CONSTRAINT "installment_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_plans" ADD CONSTRAINT "installment_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_plans" ADD CONSTRAINT "installment_plans_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_installment_plan_id_installment_plans_id_fk" FOREIGN KEY ("installment_plan_id") REFERENCES "public"."installment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_installment_plan_id_installment_plans_id_fk" FOREIGN KEY ("installment_plan_id") REFERENCES "public"."installment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_live_unique" ON "coupons" USING btree ("code") WHERE "coupons"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "installment_plans_user_idx" ON "installment_plans" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "installments_plan_index_unique" ON "installments" USING btree ("installment_plan_id","index");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_email_plan_unique" ON "invites" USING btree ("email","plan_id");--> statement-breakpoint
CREATE INDEX "invites_plan_idx" ON "invites" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_applied_unique" ON "payment_notifications" USING btree ("transaction_id","status") WHERE "payment_notifications"."applied" AND "payment_notifications"."status" <> 5;--> statement-breakpoint
CREATE INDEX "payment_notifications_transaction_idx" ON "payment_notifications" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "transactions_open_idx" ON "transactions" USING btree ("status","created_at") WHERE "transactions"."status" = 0;