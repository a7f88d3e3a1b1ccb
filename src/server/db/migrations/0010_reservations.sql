CREATE TABLE "unpaid_holds" (
	"order_id" integer NOT NULL,
	"holder" text NOT NULL,
	CONSTRAINT "unpaid_holds_holder_order_id_pk" PRIMARY KEY("holder","order_id")
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reservation_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK (kind in ('created', 'status', 'payment', 'tracking', 'plan', 'email', 'refund', 'reservation'));--> statement-breakpoint
-- The orders already awaiting their first payment are held by their e-mail address (their client
-- address was never kept).
INSERT INTO "unpaid_holds" ("order_id", "holder")
SELECT "id", 'email:' || lower("customer_email") FROM "orders"
WHERE "status" = 'pending' AND "payment_status" = 'unpaid' AND "customer_email" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- An order that leaves "awaiting its first payment" (paid, moved on by the owner, cancelled), or is
-- deleted, lets go of its holders, whichever path changed it.
CREATE FUNCTION "release_unpaid_holds"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM unpaid_holds WHERE order_id = OLD.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_release_unpaid_holds"
AFTER UPDATE OF "status", "payment_status" ON "orders"
FOR EACH ROW
WHEN (OLD.status = 'pending' AND OLD.payment_status = 'unpaid'
  AND (NEW.status <> 'pending' OR NEW.payment_status <> 'unpaid'))
EXECUTE FUNCTION "release_unpaid_holds"();--> statement-breakpoint
CREATE TRIGGER "orders_deleted_release_unpaid_holds"
AFTER DELETE ON "orders"
FOR EACH ROW
EXECUTE FUNCTION "release_unpaid_holds"();--> statement-breakpoint
-- How many orders awaiting payment an e-mail address holds, or a client address does (the
-- larger). Checkout's prepared statement calls it. Its plan is cached for the connection, and is
-- made without sequential scans so that it reads the primary key by holder even if the table was
-- empty when the plan was made (a sequential scan cached then would read every open order later).
CREATE FUNCTION "open_unpaid_orders"(email text, client text) RETURNS int
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
AS $$
BEGIN
  RETURN greatest(
    (SELECT count(*) FROM unpaid_holds WHERE holder = 'email:' || lower(email)),
    (SELECT count(*) FROM unpaid_holds WHERE holder = 'address:' || client))::int;
END
$$;
