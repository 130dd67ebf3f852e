CREATE TABLE "booking_participants" (
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "booking_participants_booking_id_user_id_pk" PRIMARY KEY("booking_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"booked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid
);
--> statement-breakpoint
CREATE TABLE "game_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_tables_number_key" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "training_session_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"date" date NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"title" text,
	"start_time" text,
	"duration_minutes" integer,
	"color" text,
	"is_booking_allowed" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_session_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"week_days" smallint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_session_qualifications" (
	"session_id" uuid NOT NULL,
	"qualification_id" uuid NOT NULL,
	CONSTRAINT "training_session_qualifications_session_id_qualification_id_pk" PRIMARY KEY("session_id","qualification_id")
);
--> statement-breakpoint
CREATE TABLE "training_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid,
	"specific_date" date,
	"title" text NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"color" text,
	"is_booking_allowed" boolean DEFAULT true NOT NULL,
	"session_not_considered_for_stats" boolean DEFAULT false NOT NULL,
	"game_table_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_participants" ADD CONSTRAINT "booking_participants_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_participants" ADD CONSTRAINT "booking_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_session_id_training_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."training_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_session_exceptions" ADD CONSTRAINT "training_session_exceptions_session_id_training_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."training_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_session_qualifications" ADD CONSTRAINT "training_session_qualifications_session_id_training_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."training_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_session_qualifications" ADD CONSTRAINT "training_session_qualifications_qualification_id_qualifications_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."qualifications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_group_id_training_session_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."training_session_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_game_table_id_game_tables_id_fk" FOREIGN KEY ("game_table_id") REFERENCES "public"."game_tables"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_participants_user_time_idx" ON "booking_participants" USING btree ("user_id","start_at") WHERE active;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_occurrence_key" ON "bookings" USING btree ("session_id","date") WHERE cancelled_at is null;--> statement-breakpoint
CREATE INDEX "bookings_date_idx" ON "bookings" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "training_session_exceptions_session_date_key" ON "training_session_exceptions" USING btree ("session_id","date");--> statement-breakpoint
CREATE INDEX "training_session_exceptions_date_idx" ON "training_session_exceptions" USING btree ("date");--> statement-breakpoint
CREATE INDEX "training_session_groups_period_idx" ON "training_session_groups" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "training_session_qualifications_qualification_idx" ON "training_session_qualifications" USING btree ("qualification_id");--> statement-breakpoint
CREATE INDEX "training_sessions_date_idx" ON "training_sessions" USING btree ("specific_date","start_time");--> statement-breakpoint
CREATE INDEX "training_sessions_group_idx" ON "training_sessions" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "training_sessions_table_idx" ON "training_sessions" USING btree ("game_table_id");