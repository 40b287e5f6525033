CREATE TABLE "availability_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "availability_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tutor_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_slots_range_check" CHECK ("availability_slots"."ends_at" > "availability_slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tutor_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration" smallint NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"price" integer NOT NULL,
	"intro" boolean DEFAULT false NOT NULL,
	"slot_id" integer,
	"subscription_id" integer,
	"canceled_at" timestamp with time zone,
	"canceled_by" text,
	"canceled_by_id" integer,
	"minutes_returned" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_duration_check" CHECK ("lessons"."duration" IN (15, 30)),
	CONSTRAINT "lessons_end_check" CHECK ("lessons"."ends_at" - "lessons"."starts_at" = "lessons"."duration" * interval '1 minute'),
	CONSTRAINT "lessons_price_check" CHECK ("lessons"."price" >= 0),
	CONSTRAINT "lessons_members_check" CHECK ("lessons"."tutor_id" <> "lessons"."student_id"),
	CONSTRAINT "lessons_canceled_by_check" CHECK ("lessons"."canceled_by" IN ('tutor', 'student', 'staff')),
	CONSTRAINT "lessons_canceled_check" CHECK (("lessons"."canceled_at" IS NULL) = ("lessons"."canceled_by" IS NULL) AND ("lessons"."canceled_at" IS NULL) = ("lessons"."minutes_returned" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rater_id" integer NOT NULL,
	"ratee_id" integer NOT NULL,
	"value" smallint NOT NULL,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_value_check" CHECK ("ratings"."value" BETWEEN 1 AND 5),
	CONSTRAINT "ratings_text_check" CHECK ("ratings"."text" IS NULL OR char_length("ratings"."text") BETWEEN 3 AND 1000),
	CONSTRAINT "ratings_members_check" CHECK ("ratings"."rater_id" <> "ratings"."ratee_id")
);
--> statement-breakpoint
CREATE TABLE "room_members" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_members_pkey" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_low" integer NOT NULL,
	"member_high" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_pair_check" CHECK ("rooms"."member_low" < "rooms"."member_high")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "topics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_ar" "citext" NOT NULL,
	"name_en" "citext" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topics_name_ar_check" CHECK (char_length("topics"."name_ar") BETWEEN 3 AND 50),
	CONSTRAINT "topics_name_en_check" CHECK (char_length("topics"."name_en") BETWEEN 3 AND 50)
);
--> statement-breakpoint
CREATE TABLE "user_topics" (
	"user_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_topics_pkey" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "interview_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_slot_id_availability_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."availability_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_ratee_id_users_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_members" ADD CONSTRAINT "room_members_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_members" ADD CONSTRAINT "room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_member_low_users_id_fk" FOREIGN KEY ("member_low") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_member_high_users_id_fk" FOREIGN KEY ("member_high") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_topics" ADD CONSTRAINT "user_topics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_topics" ADD CONSTRAINT "user_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_slots_tutor_idx" ON "availability_slots" USING btree ("tutor_id","starts_at") WHERE "availability_slots"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "lessons_tutor_idx" ON "lessons" USING btree ("tutor_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_student_idx" ON "lessons" USING btree ("student_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_subscription_idx" ON "lessons" USING btree ("subscription_id") WHERE "lessons"."subscription_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_rater_ratee_unique" ON "ratings" USING btree ("rater_id","ratee_id");--> statement-breakpoint
CREATE INDEX "ratings_ratee_idx" ON "ratings" USING btree ("ratee_id","created_at");--> statement-breakpoint
CREATE INDEX "room_members_user_idx" ON "room_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_pair_unique" ON "rooms" USING btree ("member_low","member_high");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_name_ar_unique" ON "topics" USING btree ("name_ar");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_name_en_unique" ON "topics" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "topics_name_ar_trgm_idx" ON "topics" USING gin (("name_ar"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "topics_name_en_trgm_idx" ON "topics" USING gin (("name_en"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_topics_topic_idx" ON "user_topics" USING btree ("topic_id");--> statement-breakpoint
ALTER TABLE "tutors" ADD CONSTRAINT "tutors_rating_check" CHECK ("tutors"."rating_count" >= 0 AND "tutors"."rating_sum" >= 0);