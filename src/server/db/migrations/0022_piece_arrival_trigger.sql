-- "Tell me when a similar piece arrives" (issue 25): when a piece comes on sale, whichever path
-- made the change (the back office creating it available or publishing a draft, a sold or reserved
-- piece made available again, a reservation that ends, a cancelled order returning its stock), the
-- alert job learns of it from piece_arrivals. A piece back on sale is noted again (its newest
-- arrival); the job never tells one address twice of one piece (piece_alert_sends). Checkout's
-- updates (available to sold or reserved) fail the WHEN clauses and run nothing.
CREATE FUNCTION "note_piece_arrival"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO piece_arrivals (product_id, arrived_at) VALUES (NEW.id, now())
  ON CONFLICT (product_id) DO UPDATE SET arrived_at = excluded.arrived_at;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_note_arrival"
AFTER INSERT ON "products"
FOR EACH ROW
WHEN (NEW.status = 'available')
EXECUTE FUNCTION "note_piece_arrival"();--> statement-breakpoint
CREATE TRIGGER "products_note_return"
AFTER UPDATE OF "status" ON "products"
FOR EACH ROW
WHEN (NEW.status = 'available' AND OLD.status <> 'available')
EXECUTE FUNCTION "note_piece_arrival"();
