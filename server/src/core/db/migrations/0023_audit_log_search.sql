-- Issue 38. The audit log's search (?q=) on a trigram index: every word must appear in the entry's own text (action,
-- entity, record id, address: this expression, the one audit/repository.ts searches) or in its actor's name or
-- surname (users, read apart: an index covers one table). pg_trgm is created by 0000_pg_trgm.
CREATE INDEX IF NOT EXISTS "audit_log_search_idx" ON "audit_log" USING gin ((coalesce("action"::text, '') || ' ' || coalesce("entity"::text, '') || ' ' || coalesce("entity_id"::text, '') || ' ' || coalesce("ip"::text, '')) gin_trgm_ops);
--> statement-breakpoint
-- The download reads the log in keyset steps in the order asked (core/list.ts readSteps): a btree over each sort key and
-- the tie-breaker starts every step where the last stopped (audit_log_at_idx serves the default order, newest first).
CREATE INDEX IF NOT EXISTS "audit_log_action_order_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_entity_order_idx" ON "audit_log" USING btree ("entity","id");
