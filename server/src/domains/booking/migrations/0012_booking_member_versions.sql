CREATE TABLE "booking_member_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_member_versions" ADD CONSTRAINT "booking_member_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;