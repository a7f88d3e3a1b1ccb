// The owner's settings, one row a concern.
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { updatedAt } from '../../db/columns'

/**
 * The owner's settings, one row a concern (`feeds`, later `tax`), each value checked by its zod
 * schema in src/shared/settings/schema.ts when read and written: settings live with the data, not in
 * the environment, so the back office can change them and every instance reads the same.
 */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
})
