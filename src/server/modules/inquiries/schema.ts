// The contact form's inquiries.
import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    read: boolean('read').notNull().default(false),
    // What the inbox's search looks in, lower-cased once when the row is written: one LIKE over one
    // column is several times faster than ILIKE over three (10,000 rows within the 50 ms budget).
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || email || ' ' || subject)`),
  },
  // The inbox lists newest first, per tab.
  // A trigram index answers a search anywhere in the text (LIKE '%mei%') without reading every row.
  (t) => [
    index('inquiries_read_created_idx').on(t.read, t.createdAt),
    index('inquiries_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
)
