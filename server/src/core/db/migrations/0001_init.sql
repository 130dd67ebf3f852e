CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"owner_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"links" text[] DEFAULT '{}' NOT NULL,
	"transport" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_list_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qualification_mailing_list_classes" (
	"qualification_id" uuid NOT NULL,
	"mailing_list_class_id" uuid NOT NULL,
	CONSTRAINT "qualification_mailing_list_classes_qualification_id_mailing_list_class_id_pk" PRIMARY KEY("qualification_id","mailing_list_class_id")
);
--> statement-breakpoint
CREATE TABLE "qualification_reservation_rules" (
	"qualification_id" uuid NOT NULL,
	"reservation_rule_id" uuid NOT NULL,
	CONSTRAINT "qualification_reservation_rules_qualification_id_reservation_rule_id_pk" PRIMARY KEY("qualification_id","reservation_rule_id")
);
--> statement-breakpoint
CREATE TABLE "qualifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"color" text DEFAULT '#000000' NOT NULL,
	"priority" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_rule_unlock_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_rule_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"hour" text NOT NULL,
	"num_shifts" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"max_rounds_per_week" integer NOT NULL,
	"max_rounds_per_day" integer NOT NULL,
	"hours_before_booking_to_ignore_rules" integer NOT NULL,
	"hours_before_booking_to_cancel" integer NOT NULL,
	"week_start_day" smallint NOT NULL,
	"week_end_day" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_mailing_list_classes" (
	"category_id" uuid NOT NULL,
	"mailing_list_class_id" uuid NOT NULL,
	CONSTRAINT "category_mailing_list_classes_category_id_mailing_list_class_id_pk" PRIMARY KEY("category_id","mailing_list_class_id")
);
--> statement-breakpoint
CREATE TABLE "category_reservation_rules" (
	"category_id" uuid NOT NULL,
	"reservation_rule_id" uuid NOT NULL,
	CONSTRAINT "category_reservation_rules_category_id_reservation_rule_id_pk" PRIMARY KEY("category_id","reservation_rule_id")
);
--> statement-breakpoint
CREATE TABLE "user_mailing_list_classes" (
	"user_id" uuid NOT NULL,
	"mailing_list_class_id" uuid NOT NULL,
	CONSTRAINT "user_mailing_list_classes_user_id_mailing_list_class_id_pk" PRIMARY KEY("user_id","mailing_list_class_id")
);
--> statement-breakpoint
CREATE TABLE "user_qualifications" (
	"user_id" uuid NOT NULL,
	"qualification_id" uuid NOT NULL,
	CONSTRAINT "user_qualifications_user_id_qualification_id_pk" PRIMARY KEY("user_id","qualification_id")
);
--> statement-breakpoint
CREATE TABLE "user_reservation_rules" (
	"user_id" uuid NOT NULL,
	"reservation_rule_id" uuid NOT NULL,
	CONSTRAINT "user_reservation_rules_user_id_reservation_rule_id_pk" PRIMARY KEY("user_id","reservation_rule_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"fiscal_code" text,
	"image_file_id" uuid,
	"birth_date" date,
	"birth_province" text,
	"birth_place" text,
	"residence_address" text,
	"residence_province" text,
	"residence_place" text,
	"residence_postal_code" text,
	"gender" text,
	"parent_name" text,
	"parent_surname" text,
	"parent_fiscal_code" text,
	"category_id" uuid NOT NULL,
	"fitet_data_code" text,
	"fitet_data_category" text,
	"contract_file_id" uuid,
	"contract_end_date" date,
	"notes" text,
	"password_hash" text,
	"registration_completed_at" timestamp with time zone,
	"terms_accepted_at" timestamp with time zone,
	"deactivation_status" boolean DEFAULT false NOT NULL,
	"deactivation_date_start" date,
	"deactivation_date_end" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qualification_mailing_list_classes" ADD CONSTRAINT "qualification_mailing_list_classes_qualification_id_qualifications_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."qualifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualification_mailing_list_classes" ADD CONSTRAINT "qualification_mailing_list_classes_mailing_list_class_id_mailing_list_classes_id_fk" FOREIGN KEY ("mailing_list_class_id") REFERENCES "public"."mailing_list_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualification_reservation_rules" ADD CONSTRAINT "qualification_reservation_rules_qualification_id_qualifications_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."qualifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualification_reservation_rules" ADD CONSTRAINT "qualification_reservation_rules_reservation_rule_id_reservation_rules_id_fk" FOREIGN KEY ("reservation_rule_id") REFERENCES "public"."reservation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_rule_unlock_times" ADD CONSTRAINT "reservation_rule_unlock_times_reservation_rule_id_reservation_rules_id_fk" FOREIGN KEY ("reservation_rule_id") REFERENCES "public"."reservation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_mailing_list_classes" ADD CONSTRAINT "category_mailing_list_classes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_mailing_list_classes" ADD CONSTRAINT "category_mailing_list_classes_mailing_list_class_id_mailing_list_classes_id_fk" FOREIGN KEY ("mailing_list_class_id") REFERENCES "public"."mailing_list_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_reservation_rules" ADD CONSTRAINT "category_reservation_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_reservation_rules" ADD CONSTRAINT "category_reservation_rules_reservation_rule_id_reservation_rules_id_fk" FOREIGN KEY ("reservation_rule_id") REFERENCES "public"."reservation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mailing_list_classes" ADD CONSTRAINT "user_mailing_list_classes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mailing_list_classes" ADD CONSTRAINT "user_mailing_list_classes_mailing_list_class_id_mailing_list_classes_id_fk" FOREIGN KEY ("mailing_list_class_id") REFERENCES "public"."mailing_list_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_qualifications" ADD CONSTRAINT "user_qualifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_qualifications" ADD CONSTRAINT "user_qualifications_qualification_id_qualifications_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."qualifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reservation_rules" ADD CONSTRAINT "user_reservation_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reservation_rules" ADD CONSTRAINT "user_reservation_rules_reservation_rule_id_reservation_rules_id_fk" FOREIGN KEY ("reservation_rule_id") REFERENCES "public"."reservation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_contract_file_id_files_id_fk" FOREIGN KEY ("contract_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_user_id_idx" ON "files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mailing_list_classes_name_idx" ON "mailing_list_classes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "qualification_mailing_list_classes_class_idx" ON "qualification_mailing_list_classes" USING btree ("mailing_list_class_id");--> statement-breakpoint
CREATE INDEX "qualification_reservation_rules_rule_idx" ON "qualification_reservation_rules" USING btree ("reservation_rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qualifications_name_key" ON "qualifications" USING btree ("name");--> statement-breakpoint
CREATE INDEX "qualifications_priority_idx" ON "qualifications" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "reservation_rule_unlock_times_rule_idx" ON "reservation_rule_unlock_times" USING btree ("reservation_rule_id");--> statement-breakpoint
CREATE INDEX "reservation_rules_name_idx" ON "reservation_rules" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_key" ON "categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "category_mailing_list_classes_class_idx" ON "category_mailing_list_classes" USING btree ("mailing_list_class_id");--> statement-breakpoint
CREATE INDEX "category_reservation_rules_rule_idx" ON "category_reservation_rules" USING btree ("reservation_rule_id");--> statement-breakpoint
CREATE INDEX "user_mailing_list_classes_class_idx" ON "user_mailing_list_classes" USING btree ("mailing_list_class_id");--> statement-breakpoint
CREATE INDEX "user_qualifications_qualification_idx" ON "user_qualifications" USING btree ("qualification_id");--> statement-breakpoint
CREATE INDEX "user_reservation_rules_rule_idx" ON "user_reservation_rules" USING btree ("reservation_rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_surname_idx" ON "users" USING btree ("surname","name");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name");--> statement-breakpoint
CREATE INDEX "users_member_id_idx" ON "users" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "users_fiscal_code_idx" ON "users" USING btree ("fiscal_code");--> statement-breakpoint
CREATE INDEX "users_birth_date_idx" ON "users" USING btree ("birth_date");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_category_id_idx" ON "users" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(email, '') || ' ' || coalesce(fiscal_code, '') || ' ' || coalesce(member_id, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "auth_attempts_kind_key_created_at_idx" ON "auth_attempts" USING btree ("kind","key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_token_hash_key" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_id_idx" ON "user_tokens" USING btree ("user_id");