export interface MailMessage {
  from: string
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
  headers?: Record<string, string>
  /** Stable per outbox row, so a message sent again after a crash is recognisable as the same one. */
  messageId: string
  /** The outbox kind; only the file transport uses it, to name its files. */
  kind?: string
}

/** Where mail goes. The worker sees only this; send() rejects when the message was not accepted. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>
}
