CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_list_opt_outs" (
	"user_id" uuid NOT NULL,
	"mailing_list_class_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_list_opt_outs_user_id_mailing_list_class_id_pk" PRIMARY KEY("user_id","mailing_list_class_id")
);
--> statement-breakpoint
ALTER TABLE "mailing_list_opt_outs" ADD CONSTRAINT "mailing_list_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_opt_outs" ADD CONSTRAINT "mailing_list_opt_outs_mailing_list_class_id_mailing_list_classes_id_fk" FOREIGN KEY ("mailing_list_class_id") REFERENCES "public"."mailing_list_classes"("id") ON DELETE cascade ON UPDATE no action;