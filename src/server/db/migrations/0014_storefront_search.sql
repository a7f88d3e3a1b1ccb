-- The storefront's search looks in a piece's name, SKU, category, colour and descriptions, and
-- forgives a typo (pg_trgm's word similarity): one trigram index on exactly that expression
-- (modules/catalog/listing.ts) serves both the "contains" and the "sounds like" match.
CREATE INDEX IF NOT EXISTS "products_storefront_search_trgm_idx" ON "products" USING gin ((lower("name" || ' ' || coalesce("sku", '') || ' ' || "category" || ' ' || "color" || ' ' || "short_description" || ' ' || "description")) gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
-- Listing pages are read in name or price order, a page at a time.
CREATE INDEX IF NOT EXISTS "products_listing_name_idx" ON "products" (lower("name"), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_price_idx" ON "products" ("price", "id");
