-- Per-row attempt history becomes one counter row per kind and key: the old rows are dropped (at most a 15-minute window of throttling is forgotten).
DELETE FROM "auth_attempts";--> statement-breakpoint
DROP INDEX "auth_attempts_kind_key_created_at_idx";--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_attempts_kind_key_key" ON "auth_attempts" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "auth_attempts_created_at_idx" ON "auth_attempts" USING btree ("created_at");