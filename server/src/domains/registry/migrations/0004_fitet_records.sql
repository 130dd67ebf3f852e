CREATE TABLE "fitet_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"card_type" text,
	"category" text,
	"start_date" date,
	"end_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fitet_records" ADD CONSTRAINT "fitet_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fitet_records_member_id_key" ON "fitet_records" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "fitet_records_user_idx" ON "fitet_records" USING btree ("user_id");