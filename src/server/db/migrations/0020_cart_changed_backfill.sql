-- Cart lines from before changed_at existed were given the migration's time by its default: they
-- last changed when they were added (no earlier change was recorded), so an old cart is not taken
-- for a fresh one and reminded ABANDONED_CHECKOUT_HOURS after the upgrade.
UPDATE "cart_items" SET "changed_at" = "added_at";
