-- Issue 38. A booking's 'booked' notice is owed from the statement that books it (notice_pending, set by the engine's
-- write) until the transaction that records its mails clears it: a crash in between leaves it owed, and the minute's
-- sweep sends it. Bookings made before this migration owe nothing.
ALTER TABLE "bookings" ADD COLUMN "notice_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_notice_pending_idx" ON "bookings" USING btree ("created_at") WHERE "bookings"."notice_pending";
