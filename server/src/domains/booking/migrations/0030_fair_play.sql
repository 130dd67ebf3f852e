-- The fair-play record (issue 42): a booking rule may suspend a member's own bookings after a number of no-shows or
-- of late cancellations within a period. Null limits: no suspension. The counts are read from the bookings as they
-- are (bookings.no_show_at, cancelled_by/cancelled_at, booking_participants.left_at): nothing new is written when a
-- member cancels. The rules are the registry's table; one migration keeps the feature's schema in one place.
ALTER TABLE "reservation_rules" ADD COLUMN "no_show_limit" integer;--> statement-breakpoint
ALTER TABLE "reservation_rules" ADD COLUMN "late_cancellation_limit" integer;--> statement-breakpoint
ALTER TABLE "reservation_rules" ADD COLUMN "fair_play_period_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_rules" ADD COLUMN "suspension_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
-- Staff lifting a member's suspension: events before the latest lift no longer count. Audited by the row trigger.
CREATE TABLE "fair_play_lifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lifted_at" timestamp with time zone NOT NULL,
	"lifted_by" uuid,
	"note" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fair_play_lifts" ADD CONSTRAINT "fair_play_lifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_play_lifts" ADD CONSTRAINT "fair_play_lifts_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fair_play_lifts_user_idx" ON "fair_play_lifts" USING btree ("user_id","lifted_at");
