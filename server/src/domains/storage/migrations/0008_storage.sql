CREATE TABLE "storage_item_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"description" text NOT NULL,
	"category_id" uuid NOT NULL,
	"total_quantity" bigint NOT NULL,
	"current_quantity" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_items_quantities_check" CHECK ("storage_items"."current_quantity" >= 0 AND "storage_items"."current_quantity" <= "storage_items"."total_quantity")
);
--> statement-breakpoint
CREATE TABLE "storage_loads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" bigint NOT NULL,
	"date" date NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_loads_quantity_check" CHECK ("storage_loads"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "storage_unloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" bigint NOT NULL,
	"start_date" date NOT NULL,
	"reason" text,
	"user_id" uuid,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_unloads_quantity_check" CHECK ("storage_unloads"."quantity" > 0),
	CONSTRAINT "storage_unloads_type_check" CHECK (("storage_unloads"."type" = 'UNLOAD' AND "storage_unloads"."reason" IS NOT NULL AND "storage_unloads"."user_id" IS NULL) OR ("storage_unloads"."type" = 'DELIVERY' AND "storage_unloads"."user_id" IS NOT NULL AND "storage_unloads"."reason" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "storage_items" ADD CONSTRAINT "storage_items_category_id_storage_item_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."storage_item_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_loads" ADD CONSTRAINT "storage_loads_item_id_storage_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."storage_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_unloads" ADD CONSTRAINT "storage_unloads_item_id_storage_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."storage_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_unloads" ADD CONSTRAINT "storage_unloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_item_categories_name_key" ON "storage_item_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "storage_items_description_idx" ON "storage_items" USING btree ("description");--> statement-breakpoint
CREATE INDEX "storage_items_category_idx" ON "storage_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "storage_loads_item_idx" ON "storage_loads" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "storage_loads_date_idx" ON "storage_loads" USING btree ("date");--> statement-breakpoint
CREATE INDEX "storage_unloads_item_idx" ON "storage_unloads" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "storage_unloads_user_idx" ON "storage_unloads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "storage_unloads_start_date_idx" ON "storage_unloads" USING btree ("start_date");