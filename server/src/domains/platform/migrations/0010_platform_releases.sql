CREATE TABLE "platform_live" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"release_number" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_live_one_row" CHECK ("platform_live"."id")
);
--> statement-breakpoint
CREATE TABLE "platform_releases" (
	"number" serial PRIMARY KEY NOT NULL,
	"apps" jsonb NOT NULL,
	"kind" text NOT NULL,
	"based_on" integer,
	"restores" integer,
	"note" text,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_live" ADD CONSTRAINT "platform_live_release_number_platform_releases_number_fk" FOREIGN KEY ("release_number") REFERENCES "public"."platform_releases"("number") ON DELETE no action ON UPDATE no action;