-- Issue 27. Reminder preferences (null = off; no row = the default of new members) and the reminders sent, one per
-- booking and participant (the claim that keeps several server processes from sending one twice). Every member
-- of the day the migration runs gets a row with null: reminders are off until they turn them on.
CREATE TABLE "booking_reminders" (
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_reminders_booking_id_user_id_pk" PRIMARY KEY("booking_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "member_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reminder_hours" smallint,
	CONSTRAINT "member_preferences_reminder_hours" CHECK ("member_preferences"."reminder_hours" between 1 and 72)
);
--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_preferences" ADD CONSTRAINT "member_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "member_preferences" ("user_id", "reminder_hours") SELECT "id", NULL FROM "users" ON CONFLICT DO NOTHING;
