CREATE TABLE "blog_post_products" (
	"post_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "blog_post_products_post_id_product_id_pk" PRIMARY KEY("post_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "blog_post_views" (
	"post_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_post_views_post_id_visitor_pk" PRIMARY KEY("post_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "blog_post_products" ADD CONSTRAINT "blog_post_products_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_products" ADD CONSTRAINT "blog_post_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_views" ADD CONSTRAINT "blog_post_views_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_post_products_product_idx" ON "blog_post_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "blog_post_views_viewed_at_idx" ON "blog_post_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "blog_posts_visible_idx" ON "blog_posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "blog_posts"."published";--> statement-breakpoint
CREATE INDEX "blog_posts_tags_idx" ON "blog_posts" USING gin ("tags");--> statement-breakpoint
-- Custom SQL (hand-written): rows a shop may have brought over from the seed's schema are made to
-- satisfy the new checks before they are added. A published post without a date is dated by its
-- last change; a slug outside a-z0-9- is rewritten from itself (its id keeps it unique); a reading
-- time under a minute is recomputed by the next save.
UPDATE "blog_posts" SET "published_at" = "updated_at" WHERE "published" AND "published_at" IS NULL;--> statement-breakpoint
UPDATE "blog_posts"
  SET "slug" = coalesce(nullif(trim(both '-' from regexp_replace(lower("slug"), '[^a-z0-9]+', '-', 'g')), ''), 'post') || '-' || "id"
  WHERE "slug" !~ '^[a-z0-9]+(-[a-z0-9]+)*$';--> statement-breakpoint
UPDATE "blog_posts" SET "reading_time" = NULL WHERE "reading_time" < 1;--> statement-breakpoint
-- End of custom SQL.
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_slug_check" CHECK ("blog_posts"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_reading_time_check" CHECK ("blog_posts"."reading_time" is null or "blog_posts"."reading_time" >= 1);--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_published_at_check" CHECK (not "blog_posts"."published" or "blog_posts"."published_at" is not null);