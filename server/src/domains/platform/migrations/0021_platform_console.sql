CREATE TABLE "platform_client_error_quota" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_client_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"app" text NOT NULL,
	"version" text NOT NULL,
	"route" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_preview" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"release_number" integer NOT NULL,
	CONSTRAINT "platform_preview_one_row" CHECK ("platform_preview"."id")
);
--> statement-breakpoint
ALTER TABLE "platform_releases" ADD COLUMN "audience" jsonb;--> statement-breakpoint
ALTER TABLE "platform_releases" ADD COLUMN "promoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_releases" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_preview" ADD CONSTRAINT "platform_preview_release_number_platform_releases_number_fk" FOREIGN KEY ("release_number") REFERENCES "public"."platform_releases"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_client_errors_app_version_idx" ON "platform_client_errors" USING btree ("app","version","created_at");