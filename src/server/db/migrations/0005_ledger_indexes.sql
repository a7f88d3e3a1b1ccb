-- The ledger's cards and chart sum price and profit over a period: with both in the index, those
-- sums read the index alone (an index-only scan) instead of every sale row.
CREATE INDEX IF NOT EXISTS "sales_date_amounts_idx" ON "sales" USING btree ("sale_date") INCLUDE ("sale_price", "profit");
