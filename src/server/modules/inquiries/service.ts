import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { inquiries } from '../../db/schema'

/** The dashboard's inquiries card: how many, and how many nobody has opened yet. */
export async function inquirySummary(db: DbOrTx): Promise<{ inquiries: number; unread: number }> {
  const [row] = await db
    .select({
      inquiries: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where not ${inquiries.read}))::int`,
    })
    .from(inquiries)
  return { inquiries: row?.inquiries ?? 0, unread: row?.unread ?? 0 }
}
