CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "order_events_kind_check" CHECK (kind in ('created', 'status', 'payment', 'tracking', 'plan', 'email', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
-- The back office finds an order by any part of its customer's name or e-mail. Orders arrive fast
-- (checkout), so this index keeps GIN's pending list: inserts stay cheap, autovacuum merges it.
CREATE INDEX IF NOT EXISTS "orders_search_trgm_idx" ON "orders" USING gin ((lower(coalesce("customer_name", '') || ' ' || coalesce("customer_email", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_status_idx" ON "orders" USING btree ("status", "payment_status");
