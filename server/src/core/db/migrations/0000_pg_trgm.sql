-- Trigram indexes make the lists' free-text search (q) use an index (DESIGN §2 Lists).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
