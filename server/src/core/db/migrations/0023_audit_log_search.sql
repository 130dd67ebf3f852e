-- Issue 38. The audit log's search (?q=) on a trigram index: every word must appear in the entry's own text (action,
-- entity, record id, address: this expression, the one audit/repository.ts searches) or in its actor's name or
-- surname (users, read apart: an index covers one table). pg_trgm is created by 0000_pg_trgm.
CREATE INDEX IF NOT EXISTS "audit_log_search_idx" ON "audit_log" USING gin ((coalesce("action"::text, '') || ' ' || coalesce("entity"::text, '') || ' ' || coalesce("entity_id"::text, '') || ' ' || coalesce("ip"::text, '')) gin_trgm_ops);
