// The built-in test payment provider's own records (its intents and refunds).
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'

/**
 * The built-in test payment provider's own records (docs/decisions/007): its intents and refunds,
 * kept in the database as Stripe keeps them on its side, so a restarted instance (or a second one)
 * finishes a refund another began. Never written with Stripe keys set.
 */
export const testProviderIntents = pgTable('test_provider_intents', {
  id: text('id').primaryKey(),
  status: text('status').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  metadata: jsonb('metadata').notNull(),
  clientSecret: text('client_secret').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: createdAt(),
})

export const testProviderRefunds = pgTable(
  'test_provider_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => testProviderIntents.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('test_provider_refunds_intent_idx').on(t.intentId)],
)
