CREATE TABLE "platform_exposures" (
	"session_id" uuid NOT NULL,
	"release_number" integer NOT NULL,
	"app" text NOT NULL,
	"version" text NOT NULL,
	"user_id" uuid NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_exposures_session_id_release_number_app_pk" PRIMARY KEY("session_id","release_number","app")
);
--> statement-breakpoint
CREATE INDEX "platform_exposures_app_version_idx" ON "platform_exposures" USING btree ("app","version","last_at");--> statement-breakpoint
CREATE INDEX "platform_exposures_last_at_idx" ON "platform_exposures" USING btree ("last_at");--> statement-breakpoint
ALTER TABLE "platform_client_errors" ADD COLUMN "session_id" uuid;--> statement-breakpoint
CREATE INDEX "platform_client_errors_created_at_idx" ON "platform_client_errors" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "platform_client_error_quota" RENAME COLUMN "session_id" TO "subject";--> statement-breakpoint
ALTER TABLE "platform_client_error_quota" ALTER COLUMN "subject" SET DATA TYPE text;--> statement-breakpoint
CREATE INDEX "platform_client_error_quota_window_idx" ON "platform_client_error_quota" USING btree ("window_started_at");
--> statement-breakpoint
ALTER TABLE "platform_releases" ADD COLUMN "rollout" jsonb;--> statement-breakpoint
ALTER TABLE "platform_releases" ADD COLUMN "rollout_step" integer;--> statement-breakpoint
ALTER TABLE "platform_releases" ADD COLUMN "rollout_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_releases" ADD COLUMN "rollout_paused_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "platform_release_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_number" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"step" integer,
	"percent" integer,
	"by_id" uuid,
	"by_name" text,
	"reason" text,
	"figures" jsonb
);
--> statement-breakpoint
CREATE INDEX "platform_release_events_release_idx" ON "platform_release_events" USING btree ("release_number","at");
