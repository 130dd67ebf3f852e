CREATE TABLE "finance_accounting_counters" (
	"fiscal_year" text PRIMARY KEY NOT NULL,
	"last_progressive" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_accounting_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fiscal_year" text NOT NULL,
	"progressive" integer NOT NULL,
	"registration_date" date NOT NULL,
	"document_number" bigint,
	"business_entity_id" uuid,
	"payment_type" text,
	"notes" text,
	"attachment_file_id" uuid,
	"payment_id" uuid,
	"subaccount_id" uuid NOT NULL,
	"description" text,
	"taxable_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_accounting_entries_progressive_check" CHECK ("finance_accounting_entries"."progressive" >= 0),
	CONSTRAINT "finance_accounting_entries_total_check" CHECK ("finance_accounting_entries"."total_cents" = "finance_accounting_entries"."taxable_cents" + "finance_accounting_entries"."vat_cents")
);
--> statement-breakpoint
CREATE TABLE "finance_accounting_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"subaccount_id" uuid NOT NULL,
	"description" text,
	"taxable_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "finance_accounting_items_total_check" CHECK ("finance_accounting_items"."total_cents" = "finance_accounting_items"."taxable_cents" + "finance_accounting_items"."vat_cents")
);
--> statement-breakpoint
CREATE TABLE "finance_accounting_postings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"subaccount_id" uuid NOT NULL,
	"debit_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_accounting_postings_sides_check" CHECK ("finance_accounting_postings"."debit_cents" >= 0 and "finance_accounting_postings"."credit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "finance_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" integer NOT NULL,
	"name" text NOT NULL,
	"ledger_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_accounts_ledger_check" CHECK ("finance_accounts"."ledger_type" in ('Costi', 'Ricavi', 'Patrimoniale attivo', 'Patrimoniale passivo'))
);
--> statement-breakpoint
CREATE TABLE "finance_business_entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"province" text,
	"city" text NOT NULL,
	"postal_code" text,
	"identification_code" text NOT NULL,
	"phone1" text NOT NULL,
	"phone2" text,
	"email" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_income_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_income_category_subaccounts" (
	"category_id" uuid NOT NULL,
	"subaccount_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "finance_income_category_subaccounts_category_id_kind_subaccount_id_pk" PRIMARY KEY("category_id","kind","subaccount_id"),
	CONSTRAINT "finance_income_category_subaccounts_kind_check" CHECK ("finance_income_category_subaccounts"."kind" in ('economic', 'asset'))
);
--> statement-breakpoint
CREATE TABLE "finance_member_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" integer GENERATED ALWAYS AS IDENTITY (sequence name "finance_member_charges_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"income_category_id" uuid,
	"description" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"amount_due_cents" bigint NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_member_charges_amount_check" CHECK ("finance_member_charges"."amount_due_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "finance_member_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payment_date" date NOT NULL,
	"payment_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_member_payments_amount_check" CHECK ("finance_member_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "finance_self_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"issue_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_self_certifications_month_check" CHECK ("finance_self_certifications"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "finance_subaccounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" integer NOT NULL,
	"name" text NOT NULL,
	"account_id" uuid NOT NULL,
	"payment_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finance_accounting_entries" ADD CONSTRAINT "finance_accounting_entries_business_entity_id_finance_business_entities_id_fk" FOREIGN KEY ("business_entity_id") REFERENCES "public"."finance_business_entities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_accounting_entries" ADD CONSTRAINT "finance_accounting_entries_attachment_file_id_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_accounting_entries" ADD CONSTRAINT "finance_accounting_entries_payment_id_finance_member_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."finance_member_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_accounting_entries" ADD CONSTRAINT "finance_accounting_entries_subaccount_id_finance_subaccounts_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."finance_subaccounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_accounting_items" ADD CONSTRAINT "finance_accounting_items_entry_id_finance_accounting_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."finance_accounting_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_accounting_items" ADD CONSTRAINT "finance_accounting_items_subaccount_id_finance_subaccounts_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."finance_subaccounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_accounting_postings" ADD CONSTRAINT "finance_accounting_postings_entry_id_finance_accounting_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."finance_accounting_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_accounting_postings" ADD CONSTRAINT "finance_accounting_postings_subaccount_id_finance_subaccounts_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."finance_subaccounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_income_category_subaccounts" ADD CONSTRAINT "finance_income_category_subaccounts_category_id_finance_income_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."finance_income_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_income_category_subaccounts" ADD CONSTRAINT "finance_income_category_subaccounts_subaccount_id_finance_subaccounts_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."finance_subaccounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_member_charges" ADD CONSTRAINT "finance_member_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_member_charges" ADD CONSTRAINT "finance_member_charges_income_category_id_finance_income_categories_id_fk" FOREIGN KEY ("income_category_id") REFERENCES "public"."finance_income_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_member_payments" ADD CONSTRAINT "finance_member_payments_charge_id_finance_member_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."finance_member_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_self_certifications" ADD CONSTRAINT "finance_self_certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_subaccounts" ADD CONSTRAINT "finance_subaccounts_account_id_finance_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_accounting_entries_progressive_key" ON "finance_accounting_entries" USING btree ("fiscal_year","progressive") WHERE progressive > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_accounting_entries_payment_key" ON "finance_accounting_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "finance_accounting_entries_registration_idx" ON "finance_accounting_entries" USING btree ("registration_date");--> statement-breakpoint
CREATE INDEX "finance_accounting_entries_total_idx" ON "finance_accounting_entries" USING btree ("total_cents");--> statement-breakpoint
CREATE INDEX "finance_accounting_entries_business_entity_idx" ON "finance_accounting_entries" USING btree ("business_entity_id");--> statement-breakpoint
CREATE INDEX "finance_accounting_entries_subaccount_idx" ON "finance_accounting_entries" USING btree ("subaccount_id");--> statement-breakpoint
CREATE INDEX "finance_accounting_entries_search_idx" ON "finance_accounting_entries" USING gin (search_text gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "finance_accounting_entries_year_progressive_idx" ON "finance_accounting_entries" USING btree ("fiscal_year" DESC NULLS FIRST,"progressive" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "finance_accounting_items_entry_idx" ON "finance_accounting_items" USING btree ("entry_id","position");--> statement-breakpoint
CREATE INDEX "finance_accounting_items_subaccount_idx" ON "finance_accounting_items" USING btree ("subaccount_id");--> statement-breakpoint
CREATE INDEX "finance_accounting_postings_entry_idx" ON "finance_accounting_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "finance_accounting_postings_subaccount_idx" ON "finance_accounting_postings" USING btree ("subaccount_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_accounts_code_key" ON "finance_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "finance_accounts_name_idx" ON "finance_accounts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "finance_business_entities_name_idx" ON "finance_business_entities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "finance_business_entities_created_at_idx" ON "finance_business_entities" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "finance_income_categories_name_idx" ON "finance_income_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "finance_income_category_subaccounts_subaccount_idx" ON "finance_income_category_subaccounts" USING btree ("subaccount_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_member_charges_code_key" ON "finance_member_charges" USING btree ("code");--> statement-breakpoint
CREATE INDEX "finance_member_charges_user_idx" ON "finance_member_charges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "finance_member_charges_category_idx" ON "finance_member_charges" USING btree ("income_category_id");--> statement-breakpoint
CREATE INDEX "finance_member_payments_charge_idx" ON "finance_member_payments" USING btree ("charge_id","payment_date");--> statement-breakpoint
CREATE INDEX "finance_self_certifications_user_idx" ON "finance_self_certifications" USING btree ("user_id","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_subaccounts_code_key" ON "finance_subaccounts" USING btree ("account_id","code");--> statement-breakpoint
CREATE INDEX "finance_subaccounts_name_idx" ON "finance_subaccounts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "finance_subaccounts_payment_type_idx" ON "finance_subaccounts" USING btree ("payment_type");