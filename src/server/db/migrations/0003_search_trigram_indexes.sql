-- Back-office searches match any part of a name, a category or a SKU ("contains"), which a b-tree
-- cannot serve: trigram indexes keep them fast on a catalogue of thousands of pieces. fastupdate off:
-- pieces are added a few at a time, and a pending list left for autovacuum would be read row by row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_trgm_idx" ON "products" USING gin ((lower("name" || ' ' || "category" || ' ' || coalesce("sku", ''))) gin_trgm_ops) WITH (fastupdate = off);
