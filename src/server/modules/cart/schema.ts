// The shoppers' carts.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { products } from '../catalog/schema'

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    // The cart's last change (a line added, its quantity changed, another line removed): a
    // signed-in shopper's unfinished cart is reminded ABANDONED_CHECKOUT_HOURS after it.
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
    uniqueIndex('cart_items_session_product_key').on(t.sessionId, t.productId),
    index('cart_items_changed_idx').on(t.changedAt),
  ],
)
