-- Check-in at the table (issue 42). A table's check-in link is <PUBLIC_URL>/check-in/<nonce>.<HMAC(signing key, nonce)>:
-- the row keeps only the nonce (a copy of the database cannot rebuild the link), regenerated to revoke it. Null: the
-- table has no check-in, and its bookings are never released as no-shows. check_in_since: bookings starting before it
-- (made before the table's sheet was printed) are not released either.
ALTER TABLE "game_tables" ADD COLUMN "check_in_nonce" text;--> statement-breakpoint
ALTER TABLE "game_tables" ADD COLUMN "check_in_since" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "game_tables_check_in_nonce_key" ON "game_tables" USING btree ("check_in_nonce") WHERE "check_in_nonce" is not null;--> statement-breakpoint
ALTER TABLE "booking_participants" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_participants" ADD COLUMN "checked_in_by" uuid;--> statement-breakpoint
ALTER TABLE "booking_participants" ADD CONSTRAINT "booking_participants_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_check_in_open_idx" ON "bookings" USING btree ("start_at") WHERE "cancelled_at" is null;
