import { and, eq, gte, ne } from 'drizzle-orm'
import type { TaxExemption, TaxExemptionInput } from '../../../shared/tax/schema'
import type { Database, DbOrTx } from '../../db/client'
import { invalid, notFound } from '../../errors'
import { users } from '../accounts/schema'
import type { FileStore } from '../media/file-store'
import { certificateKeyOf, certificateUrlOf, TAX_CERTIFICATE_PREFIX } from '../media/uploads'
import { taxExemptions } from './schema'

// Exempt buyers (issue 34): a resale or exemption certificate on the buyer's account. Their orders
// into the certificate's state carry no tax while it is valid; the day after it expires, they do.
// The scanned certificate is a private file (media/uploads.ts): replaced, removed, or its account
// deleted, the file goes too.

/**
 * Sets the buyer's certificate, replacing any before it whole: one saved without a file keeps none.
 * The file named must be one uploaded here and still stored, and no other buyer's. Answers the
 * exemption and the key of a file it no longer keeps, for the caller to delete once committed.
 */
export async function setTaxExemption(
  db: Database,
  files: FileStore,
  userId: number,
  input: TaxExemptionInput,
): Promise<{ exemption: TaxExemption; dropped?: string }> {
  const fileKey = input.fileUrl ? certificateKeyOf(input.fileUrl) : null
  // Asked of the store before the transaction, so no row waits on it.
  if (fileKey && !(await files.exists(fileKey))) throw invalid(CERTIFICATE_FILE_MISSING, 'fileUrl')
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    if (!user) throw notFound('User not found')
    const [before] = await tx
      .select({ fileKey: taxExemptions.fileKey })
      .from(taxExemptions)
      .where(eq(taxExemptions.userId, userId))
    if (fileKey && fileKey !== before?.fileKey) {
      const [other] = await tx
        .select({ userId: taxExemptions.userId })
        .from(taxExemptions)
        .where(and(eq(taxExemptions.fileKey, fileKey), ne(taxExemptions.userId, userId)))
      if (other) throw invalid(CERTIFICATE_FILE_MISSING, 'fileUrl')
    }
    const certificate = {
      certificateNumber: input.certificateNumber,
      state: input.state,
      expiresOn: input.expiresOn,
      fileKey,
    }
    const [row] = await tx
      .insert(taxExemptions)
      .values({ userId, ...certificate })
      .onConflictDoUpdate({ target: taxExemptions.userId, set: { ...certificate, updatedAt: new Date() } })
      .returning()
    const dropped = before?.fileKey && before.fileKey !== fileKey ? before.fileKey : undefined
    return { exemption: toExemption(row!), dropped }
  })
}

export const CERTIFICATE_FILE_MISSING = 'The certificate file is not one uploaded here: upload it again'

/** Removes the buyer's certificate; answers its file's key, for the caller to delete once committed. */
export async function removeTaxExemption(db: DbOrTx, userId: number): Promise<{ dropped?: string }> {
  const removed = await db
    .delete(taxExemptions)
    .where(eq(taxExemptions.userId, userId))
    .returning({ fileKey: taxExemptions.fileKey })
  if (removed.length === 0) throw notFound('This account has no tax exemption')
  return { dropped: removed[0]!.fileKey ?? undefined }
}

/** The stored key of the buyer's certificate file, when they have one (deleting their account). */
export async function certificateFileOf(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ fileKey: taxExemptions.fileKey })
    .from(taxExemptions)
    .where(eq(taxExemptions.userId, userId))
  return row?.fileKey ?? undefined
}

/**
 * Deletes a certificate file its exemption no longer keeps. Called after the change committed; a
 * file that cannot be deleted now is only logged (it stays private, and costs only its bytes).
 */
export async function deleteCertificateFile(
  files: FileStore,
  key: string | undefined,
  log: { warn(obj: unknown, msg: string): void },
): Promise<void> {
  if (!key?.startsWith(TAX_CERTIFICATE_PREFIX)) return
  try {
    await files.delete(key)
  } catch (error) {
    log.warn({ err: error, key }, 'could not delete a replaced tax certificate file')
  }
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
  // Only a private file is ever linked; a key from before certificates were private is not.
  fileUrl: row.fileKey?.startsWith(TAX_CERTIFICATE_PREFIX) ? certificateUrlOf(row.fileKey) : null,
})
