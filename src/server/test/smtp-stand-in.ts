import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

// A real SMTP server on a free local port, for the tests of what the shop sends: nodemailer speaks
// SMTP to it as to any relay. It keeps every message it accepts, and refuses the recipients a test
// names with the SMTP reply it names (550: a permanent refusal, 451: try again later).

export interface ReceivedMail {
  rcptTo: string[]
  raw: string
}

export interface SmtpStandIn {
  port: number
  url: string
  received: ReceivedMail[]
  /** Refuse this recipient with `code` (and a message) from now on. */
  refuse(address: string, code: number, message?: string): void
  close(): Promise<void>
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = []
  const refusals = new Map<string, { code: number; message: string }>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase())
      if (!refusal) return callback()
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(address, code, message = code >= 500 ? 'No such user here' : 'Try again later') {
      refusals.set(address.toLowerCase(), { code, message })
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  }
}

/** The headers of a raw RFC 5322 message, names lower-cased, folded lines joined. */
export function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? ''
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

/**
 * A raw message with its body's quoted-printable soft breaks and escapes undone (enough for
 * asserts). The message's own headers are kept as sent: they are not quoted-printable, and a link
 * in one (`…?token=10.4…`) would otherwise read as an escape.
 */
export function decodedBody(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/)
  const [head, body] = end < 0 ? ['', raw] : [raw.slice(0, end), raw.slice(end)]
  return (
    head +
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  )
}
