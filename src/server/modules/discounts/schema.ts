// Discount codes and the code each cart carries.
import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { DISCOUNT_KINDS } from '../../../shared/discounts/rules'
import { createdAt, inList, updatedAt } from '../../db/columns'

/** Discount codes (issue 25): a percentage of the subtotal or a fixed amount, with a window and a use limit. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    /** 1 to 100 for a percentage; cents for a fixed amount. */
    value: integer('value').notNull(),
    minSubtotal: integer('min_subtotal').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    /** Orders holding a use; checkout counts them under the code's row lock. */
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** The code the newsletter's welcome e-mail offers (at most one). */
    welcome: boolean('welcome').notNull().default(false),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_welcome_key').on(t.welcome).where(sql`${t.welcome}`),
    check('discount_codes_kind_check', inList('kind', DISCOUNT_KINDS)),
    check(
      'discount_codes_value_check',
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`,
    ),
    check('discount_codes_min_subtotal_check', sql`${t.minSubtotal} >= 0`),
    check('discount_codes_max_uses_check', sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
    check('discount_codes_uses_check', sql`${t.uses} >= 0`),
    uniqueIndex('discount_codes_code_key').on(sql`lower(${t.code})`),
  ],
)

/** The code a cart carries, by session (it follows the cart into a new session at sign-in). */
export const cartDiscounts = pgTable('cart_discounts', {
  sessionId: text('session_id').primaryKey(),
  discountCodeId: integer('discount_code_id')
    .notNull()
    .references(() => discountCodes.id, { onDelete: 'cascade' }),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
})
