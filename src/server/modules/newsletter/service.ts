import { desc, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { newsletters } from '../../db/schema'

/** Subscribing twice is not an error: the address is on the list either way. */
export async function subscribe(db: DbOrTx, email: string): Promise<void> {
  await db.insert(newsletters).values({ email }).onConflictDoNothing({ target: newsletters.email })
}

export async function listSubscribers(db: DbOrTx) {
  return db.select().from(newsletters).orderBy(desc(newsletters.createdAt))
}

/** The dashboard's subscribers card. */
export async function subscriberSummary(db: DbOrTx): Promise<{ subscribers: number }> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(newsletters)
  return { subscribers: row?.n ?? 0 }
}
