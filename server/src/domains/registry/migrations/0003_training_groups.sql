CREATE TABLE "training_group_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"cost_cents" integer NOT NULL,
	"enrollment_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"description" text,
	"trainer_id" uuid NOT NULL,
	"week_days" smallint[] NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"max_trainees" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_group_enrollments" ADD CONSTRAINT "training_group_enrollments_group_id_training_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."training_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_group_enrollments" ADD CONSTRAINT "training_group_enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_groups" ADD CONSTRAINT "training_groups_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_group_enrollments_group_user_key" ON "training_group_enrollments" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "training_group_enrollments_user_idx" ON "training_group_enrollments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "training_groups_trainer_idx" ON "training_groups" USING btree ("trainer_id");