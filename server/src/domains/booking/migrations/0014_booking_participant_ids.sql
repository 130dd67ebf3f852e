-- The participants' ids on the booking itself (the calendar reads them with the range's bookings); existing bookings
-- get theirs from booking_participants before the column becomes required.
ALTER TABLE "bookings" ADD COLUMN "participant_ids" uuid[];--> statement-breakpoint
UPDATE "bookings" b SET "participant_ids" = coalesce((SELECT array_agg(p."user_id" ORDER BY p."user_id") FROM "booking_participants" p WHERE p."booking_id" = b."id"), '{}');--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "participant_ids" SET NOT NULL;
