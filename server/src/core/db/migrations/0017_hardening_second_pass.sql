-- Issue 25. A participant who did not make a booking can always leave it: when they left (the staff see, per
-- booker, how many of their bookings a participant left). A certificate type's validity in months: an approval's
-- expiry date is at most that far from the day it is approved.
-- Indexes for GET /files/{id}: whether a certificate's record or an accounting entry holds a file.
ALTER TABLE "booking_participants" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificate_types" ADD COLUMN "validity_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_participants_left_idx" ON "booking_participants" USING btree ("booking_id") WHERE left_at is not null;--> statement-breakpoint
CREATE INDEX "certificate_records_file_idx" ON "certificate_records" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "finance_accounting_entries_attachment_idx" ON "finance_accounting_entries" USING btree ("attachment_file_id") WHERE attachment_file_id is not null;