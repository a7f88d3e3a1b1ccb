ALTER TABLE "unpaid_holds" ADD COLUMN "pieces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "unpaid_holds" SET "pieces" = coalesce(
  (SELECT sum("quantity") FROM "order_items" WHERE "order_items"."order_id" = "unpaid_holds"."order_id"), 0);--> statement-breakpoint
DROP FUNCTION "open_unpaid_orders"(text, text);--> statement-breakpoint
-- The orders awaiting payment, and the pieces they hold, of the busiest of these holders, counted
-- exactly: it first takes a transaction-level advisory lock per holder (in key order, so two
-- checkouts never wait on each other in a circle), which a checkout by the same holder keeps until
-- it commits. VOLATILE, so the count reads a snapshot taken after the locks are granted and sees
-- the orders committed meanwhile (a STABLE function would read its caller's older snapshot).
-- Two-key locks (namespace 1802, hash) do not share the space of the shop's one-key locks.
-- Planned without sequential scans, as its caller's plan is cached (see migration 0010).
CREATE FUNCTION "lock_unpaid_holders"(holders text[], OUT orders int, OUT pieces int)
LANGUAGE plpgsql VOLATILE
SET enable_seqscan = off
AS $$
DECLARE
  key int;
BEGIN
  FOR key IN SELECT DISTINCT hashtext(holder) FROM unnest(holders) AS holder WHERE holder IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(1802, key);
  END LOOP;
  SELECT coalesce(max(held.orders), 0), coalesce(max(held.pieces), 0) INTO orders, pieces
  FROM (SELECT count(*)::int AS orders, sum(unpaid_holds.pieces)::int AS pieces
        FROM unpaid_holds WHERE holder = ANY(holders) GROUP BY holder) AS held;
END
$$;
--> statement-breakpoint
CREATE TABLE "testimonial_uploads" (
	"image_url" text PRIMARY KEY NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "testimonial_uploads_uploaded_idx" ON "testimonial_uploads" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "newsletters_unconfirmed_idx" ON "newsletters" USING btree ("created_at") WHERE "newsletters"."confirmed_at" is null;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_confirm_token_hash_unique" UNIQUE("confirm_token_hash");--> statement-breakpoint
-- The addresses already on the list were subscribed under the old rules and have had the welcome
-- e-mail with its unsubscribe link: they stay subscribers.
UPDATE "newsletters" SET "confirmed_at" = "created_at";
