ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reservation_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "orders_open_unpaid_email_idx" ON "orders" USING btree (lower("customer_email")) WHERE "orders"."status" = 'pending' and "orders"."payment_status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "orders_open_unpaid_client_idx" ON "orders" USING btree ("client_address") WHERE "orders"."status" = 'pending' and "orders"."payment_status" = 'unpaid';--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK (kind in ('created', 'status', 'payment', 'tracking', 'plan', 'email', 'refund', 'reservation'));--> statement-breakpoint
-- How many orders awaiting payment an e-mail address holds, or a client address does (the larger,
-- counted up to `cap`). Checkout's prepared statement calls it. Its counts are planned afresh at
-- every call (force_custom_plan): a plan cached while the shop had few orders would go on
-- scanning them all for as long as the connection keeps it.
CREATE FUNCTION "open_unpaid_orders"(email text, client text, cap int) RETURNS int
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_custom_plan
AS $$
BEGIN
  RETURN greatest(
    (select count(*) from (select from orders where status = 'pending' and payment_status = 'unpaid'
      and lower(customer_email) = lower(email) limit cap) by_email),
    (select count(*) from (select from orders where status = 'pending' and payment_status = 'unpaid'
      and client_address = client limit cap) by_client));
END
$$;
