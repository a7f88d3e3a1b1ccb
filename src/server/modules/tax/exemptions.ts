import { and, eq, gte } from 'drizzle-orm'
import type { TaxExemption, TaxExemptionInput } from '../../../shared/tax'
import type { DbOrTx } from '../../db/client'
import { taxExemptions, users } from '../../db/schema'
import { notFound } from '../../errors'

// Exempt buyers (issue 34): a resale or exemption certificate on the buyer's account. Their orders
// into the certificate's state carry no tax while it is valid; the day after it expires, they do.

export async function setTaxExemption(
  db: DbOrTx,
  userId: number,
  input: TaxExemptionInput,
): Promise<TaxExemption> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
  if (!user) throw notFound('User not found')
  // A PUT replaces the certificate whole: one saved without a file no longer keeps the last one's.
  const certificate = { ...input, fileUrl: input.fileUrl ?? null }
  const [row] = await db
    .insert(taxExemptions)
    .values({ userId, ...certificate })
    .onConflictDoUpdate({ target: taxExemptions.userId, set: { ...certificate, updatedAt: new Date() } })
    .returning()
  return toExemption(row!)
}

export async function removeTaxExemption(db: DbOrTx, userId: number): Promise<void> {
  const removed = await db
    .delete(taxExemptions)
    .where(eq(taxExemptions.userId, userId))
    .returning({ userId: taxExemptions.userId })
  if (removed.length === 0) throw notFound('This account has no tax exemption')
}

export async function taxExemptionOf(db: DbOrTx, userId: number): Promise<TaxExemption | null> {
  const [row] = await db.select().from(taxExemptions).where(eq(taxExemptions.userId, userId))
  return row ? toExemption(row) : null
}

/** The certificate that exempts this buyer's order into `state` on `day`, if any. */
export async function exemptionFor(
  db: DbOrTx,
  userId: number,
  state: string,
  day: string,
): Promise<{ certificateNumber: string } | undefined> {
  const [row] = await db
    .select({ certificateNumber: taxExemptions.certificateNumber })
    .from(taxExemptions)
    .where(
      and(
        eq(taxExemptions.userId, userId),
        eq(taxExemptions.state, state),
        gte(taxExemptions.expiresOn, day),
      ),
    )
  return row
}

const toExemption = (row: typeof taxExemptions.$inferSelect): TaxExemption => ({
  certificateNumber: row.certificateNumber,
  state: row.state,
  expiresOn: row.expiresOn,
  fileUrl: row.fileUrl,
})
