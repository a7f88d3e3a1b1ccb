// Sales tax (issue 34): the rate tables, their rates and the buyers' exemption certificates.
import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt, inList, updatedAt } from '../../db/columns'
import { users } from '../accounts/schema'

/** A rate table read for the owner to check, or applied to checkout. */
export const RATE_TABLE_STATUSES = ['preview', 'applied'] as const

/**
 * The ZIP-level sales-tax rate tables the owner uploads (issue 34), one per state and version. A
 * table is a preview until applied; among a state's applied tables, the one in force on a day is
 * the newest whose effective date has come, so an order is taxed by the table of its day.
 */
export const taxRateTables = pgTable(
  'tax_rate_tables',
  {
    id: serial('id').primaryKey(),
    state: text('state').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    version: integer('version').notNull(),
    status: text('status', { enum: RATE_TABLE_STATUSES }).notNull().default('preview'),
    fileName: text('file_name'),
    rowCount: integer('row_count').notNull(),
    /** The preview's counts against the table in force on its effective date. */
    added: integer('added').notNull(),
    changed: integer('changed').notNull(),
    removed: integer('removed').notNull(),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    check('tax_rate_tables_status_check', inList('status', RATE_TABLE_STATUSES)),
    uniqueIndex('tax_rate_tables_state_version_key').on(t.state, t.version),
    index('tax_rate_tables_in_force_idx').on(t.state, t.effectiveFrom).where(sql`${t.status} = 'applied'`),
  ],
)

/** A table's rows, rates in millionths (0.0625 → 62500) so a tax is integer arithmetic. */
export const taxRates = pgTable(
  'tax_rates',
  {
    tableId: integer('table_id')
      .notNull()
      .references(() => taxRateTables.id, { onDelete: 'cascade' }),
    zipCode: text('zip_code').notNull(),
    regionName: text('region_name').notNull(),
    stateRate: integer('state_rate').notNull(),
    countyRate: integer('county_rate').notNull(),
    cityRate: integer('city_rate').notNull(),
    specialRate: integer('special_rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.zipCode] })],
)

/**
 * A buyer's resale or exemption certificate (issue 34): their orders into its state carry no tax
 * while it is valid; an expired certificate no longer exempts. One certificate an account.
 */
export const taxExemptions = pgTable('tax_exemptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  certificateNumber: text('certificate_number').notNull(),
  state: text('state').notNull(),
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  /**
   * The scanned certificate's key in the file store, below its private prefix
   * (`private/tax-certificates/<name>`, never served under /uploads/), when the owner attached one.
   */
  fileKey: text('file_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
