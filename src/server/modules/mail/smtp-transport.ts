import nodemailer from 'nodemailer'
import type { MailMessage, MailTransport } from './transport'

// The worker leases a claimed row for five minutes (worker.ts); a send must end well before the
// lease does, or another instance could claim the row and send it a second time. Nodemailer's own
// defaults (2 minutes to connect, 10 minutes of socket silence) are far longer.
const CONNECTION_TIMEOUT_MS = 30_000
const SOCKET_TIMEOUT_MS = 60_000
const SEND_TIMEOUT_MS = 2 * 60_000

/** Sends through the SMTP server in SMTP_URL (smtp://user:pass@host:587, smtps://..., ?pool=true). */
export class SmtpMailTransport implements MailTransport {
  private readonly transporter

  constructor(url: string) {
    // Values in the URL win over these defaults.
    this.transporter = nodemailer.createTransport({
      url,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: CONNECTION_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    })
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
      headers: message.headers,
      messageId: message.messageId,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    })
  }
}
