import type { DbOrTx } from '../../db/client'
import { runPrepared } from '../../db/prepared'

/** One e-mail as the rest of the app describes it; the worker adds the sender and Message-ID. */
export interface OutgoingMail {
  /** What the mail is for (order-confirmation, password-reset...): shown in logs and file names. */
  kind: string
  to: string
  subject: string
  text: string
  html?: string
  /** Where the recipient's answer goes (an inquiry notice: the shopper who wrote). */
  replyTo?: string
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>
}

const INSERT_MAILS = `
  insert into email_outbox (kind, to_address, subject, text_body, html_body, reply_to, headers)
  select kind, to_address, subject, text_body, html_body, reply_to, headers::jsonb
  from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
    as m(kind, to_address, subject, text_body, html_body, reply_to, headers)`

/**
 * Queues mail for the worker. Pass the transaction that makes the business change: the mail
 * then exists if and only if that change committed, and a mail server that is down never fails
 * (or half-completes) a checkout. Call the worker's kick after the commit to send it at once;
 * otherwise the next poll sends it.
 */
export async function enqueueMails(db: DbOrTx, mails: OutgoingMail[]): Promise<void> {
  await runPrepared(db, 'outbox-enqueue', INSERT_MAILS, [
    mails.map((mail) => mail.kind),
    mails.map((mail) => mail.to),
    mails.map((mail) => mail.subject),
    mails.map((mail) => mail.text),
    mails.map((mail) => mail.html ?? null),
    mails.map((mail) => mail.replyTo ?? null),
    mails.map((mail) => (mail.headers ? JSON.stringify(mail.headers) : null)),
  ])
}

export const enqueueMail = (db: DbOrTx, mail: OutgoingMail) => enqueueMails(db, [mail])
