-- Issue 39. A table's feed remembers the bookings staff member who made it (it stops when they lose bookings_access;
-- feeds made before this migration have none and stop until made again), and each feed counts its fetches per client
-- address as well as in total (a leaked address cannot lock the owner out). The client is kept as a hash, never the
-- address itself.
ALTER TABLE "calendar_feeds" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "calendar_feed_clients" (
	"feed_id" uuid NOT NULL,
	"client" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"window_hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "calendar_feed_clients_feed_id_client_pk" PRIMARY KEY("feed_id","client")
);
--> statement-breakpoint
ALTER TABLE "calendar_feed_clients" ADD CONSTRAINT "calendar_feed_clients_feed_id_calendar_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."calendar_feeds"("id") ON DELETE cascade ON UPDATE no action;
