ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reservation_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "orders_reservation_idx" ON "orders" USING btree ("reserved_until") WHERE "orders"."status" = 'pending' and "orders"."payment_status" = 'unpaid' and "orders"."reserved_until" is not null;--> statement-breakpoint
CREATE INDEX "orders_open_unpaid_email_idx" ON "orders" USING btree (lower("customer_email")) WHERE "orders"."status" = 'pending' and "orders"."payment_status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "orders_open_unpaid_client_idx" ON "orders" USING btree ("client_address") WHERE "orders"."status" = 'pending' and "orders"."payment_status" = 'unpaid';--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK (kind in ('created', 'status', 'payment', 'tracking', 'plan', 'email', 'refund', 'reservation'));