DROP INDEX "products_status_featured_idx";--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("id") WHERE "products"."featured";--> statement-breakpoint
-- Room on each page for a piece's next version: checkout's update of its stock and status is then a
-- HOT update, which writes none of the products' indexes (drizzle-kit does not track storage parameters).
ALTER TABLE "products" SET (fillfactor = 80);
