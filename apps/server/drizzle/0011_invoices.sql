CREATE TABLE "invoice_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_events_action_check" CHECK ("invoice_events"."action" IN ('created', 'status-changed', 'note-changed', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"phone" text,
	"bank" text,
	"account_number" text,
	"username" text,
	"requested_method" text,
	"requested_phone" text,
	"requested_bank" text,
	"requested_account_number" text,
	"requested_username" text,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"receipt" text,
	"addressed_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_amount_check" CHECK ("invoices"."amount" > 0),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" IN ('pending', 'fulfilled', 'rejected', 'canceled-by-receiver', 'canceled-by-admin', 'updated-by-receiver', 'cancellation-approved-by-admin')),
	CONSTRAINT "invoices_method_check" CHECK ("invoices"."method" IN ('wallet', 'bank', 'instapay')),
	CONSTRAINT "invoices_details_check" CHECK (CASE "invoices"."method" WHEN 'wallet' THEN "invoices"."phone" IS NOT NULL WHEN 'bank' THEN "invoices"."bank" IN ('cib', 'alex') AND "invoices"."account_number" IS NOT NULL ELSE "invoices"."username" IS NOT NULL END),
	CONSTRAINT "invoices_requested_check" CHECK (("invoices"."requested_method" IS NOT NULL) = ("invoices"."status" = 'updated-by-receiver')),
	CONSTRAINT "invoices_fulfilled_receipt_check" CHECK ("invoices"."status" <> 'fulfilled' OR "invoices"."receipt" IS NOT NULL),
	CONSTRAINT "invoices_rejected_note_check" CHECK ("invoices"."status" <> 'rejected' OR "invoices"."note" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "withdraw_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdraw_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"min" integer NOT NULL,
	"max" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdraw_methods_type_check" CHECK ("withdraw_methods"."type" IN ('wallet', 'bank', 'instapay')),
	CONSTRAINT "withdraw_methods_limits_check" CHECK ("withdraw_methods"."min" > 0 AND "withdraw_methods"."min" <= "withdraw_methods"."max")
);
--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_addressed_by_users_id_fk" FOREIGN KEY ("addressed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_events_invoice_idx" ON "invoice_events" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","created_at") WHERE "invoices"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_methods_type_unique" ON "withdraw_methods" USING btree ("type");--> statement-breakpoint
-- The three withdraw methods with rules.md's limits (100 and 50,000 EGP, in piasters), enabled; staff
-- change them afterwards, and a database that already has them keeps its own.
INSERT INTO "withdraw_methods" ("type", "min", "max")
  VALUES ('wallet', 10000, 5000000), ('bank', 10000, 5000000), ('instapay', 10000, 5000000)
  ON CONFLICT ("type") DO NOTHING;
