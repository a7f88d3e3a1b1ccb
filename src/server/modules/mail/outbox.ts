import type { DbOrTx } from '../../db/client'
import { emailOutbox } from '../../db/schema'

/** One e-mail as the rest of the app describes it; the worker adds the sender and Message-ID. */
export interface OutgoingMail {
  /** What the mail is for (order-confirmation, password-reset...): shown in logs and file names. */
  kind: string
  to: string
  subject: string
  text: string
  html?: string
}

/**
 * Queues a mail for the worker. Pass the transaction that makes the business change: the mail
 * then exists if and only if that change committed, and a mail server that is down never fails
 * (or half-completes) a checkout. Call the worker's nudge after the commit to send it at once;
 * otherwise the next poll sends it.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<void> {
  await db.insert(emailOutbox).values({
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
  })
}
