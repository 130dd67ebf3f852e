DROP INDEX "users_surname_idx";--> statement-breakpoint
CREATE INDEX "users_surname_idx" ON "users" USING btree ("surname","name","id");