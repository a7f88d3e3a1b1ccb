ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "byline" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "appointment_arranged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "insured_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_appointment_open_idx" ON "orders" USING btree ("created_at") WHERE "orders"."appointment_request" and "orders"."appointment_arranged_at" is null;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK (kind in ('created', 'status', 'payment', 'tracking', 'plan', 'email', 'refund', 'reservation', 'request'));