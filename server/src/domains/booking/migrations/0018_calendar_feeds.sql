-- Issue 27. A private calendar subscription address per member or game table: the token is derived from the nonce
-- with a server secret, the row keeps its SHA-256; fetches of the address are counted in the row (rate limit).
-- A member's feed reads their participations by end, cancelled and left ones included.
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"game_table_id" uuid,
	"nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"window_hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "calendar_feeds_one_owner" CHECK ((user_id is null) <> (game_table_id is null))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_game_table_id_game_tables_id_fk" FOREIGN KEY ("game_table_id") REFERENCES "public"."game_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_user_key" ON "calendar_feeds" USING btree ("user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_game_table_key" ON "calendar_feeds" USING btree ("game_table_id") WHERE game_table_id is not null;--> statement-breakpoint
CREATE INDEX "booking_participants_user_end_idx" ON "booking_participants" USING btree ("user_id","end_at");