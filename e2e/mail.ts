import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { workerShop } from './fixtures'

/** Where this worker's shop writes its e-mail, as .eml files (no SMTP in the e2e run). */
export const mailDir = () => path.join(workerShop().dataDir, 'mail')

/**
 * The match of `pattern` in the newest e-mail of `kind` (the outbox's kind, in the .eml file's
 * name) that mentions `mentioning`; undefined until the mail worker has written one.
 */
function linkInMail(kind: string, mentioning: string, pattern: RegExp): RegExpExecArray | undefined {
  const dir = mailDir()
  if (!existsSync(dir)) return undefined
  const text = readdirSync(dir)
    .filter((file) => file.includes(kind))
    .sort()
    // Quoted-printable may wrap the link; join soft line breaks first.
    .map((file) =>
      readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((mail) => mail.includes(mentioning))
    .at(-1)
  return (text && pattern.exec(text)) || undefined
}

/** The "View your order" link of an order's confirmation e-mail (an .eml file in the e2e run). */
export function confirmationLink(orderId: number): string | undefined {
  return linkInMail(
    'order-confirmation',
    `/order/${orderId}?key=`,
    new RegExp(`https?://[^\\s"<>]+/order/${orderId}\\?key=[A-Za-z0-9_-]+`),
  )?.[0]
}

/** The link's path and query, for page.goto against the e2e server. */
export function pathOf(link: string): string {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

/** The link of the newest staff invitation e-mail written for this address. */
export function invitationLink(email: string): string | undefined {
  return linkInMail(
    'staff-invitation',
    email,
    /https?:\/\/[^\s"<>]+\/staff\/invitation\?token=[A-Za-z0-9_%.-]+/,
  )?.[0]
}

/** One MIME part's body, decoded (quoted-printable or base64) as UTF-8. */
function decodePart(part: string): string {
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/)
  const body = rest.join('\n\n')
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const joined = body.replace(/=\r?\n/g, '')
    const bytes: number[] = []
    for (let i = 0; i < joined.length; i += 1) {
      const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : ''
      if (/^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(Number.parseInt(hex, 16))
        i += 2
      } else bytes.push(...Buffer.from(joined[i]!, 'utf8'))
    }
    return Buffer.from(bytes).toString('utf8')
  }
  return body
}

/**
 * The newest e-mail of `kind` (the outbox's kind, in the .eml file's name) sent to `to`, as its
 * text and HTML parts; undefined until the mail worker has written it.
 */
export function mailTo(kind: string, to: string): { text: string; html: string } | undefined {
  const dir = mailDir()
  if (!existsSync(dir)) return undefined
  const raw = readdirSync(dir)
    .filter((file) => file.includes(kind))
    .sort()
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .filter((mail) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail))
    .at(-1)
  if (!raw) return undefined
  const boundaries = [...raw.matchAll(/boundary="?([^"\r\n;]+)"?/gi)].map((match) => match[1]!)
  const parts = boundaries.flatMap((boundary) => raw.split(`--${boundary}`))
  const find = (type: string) =>
    parts.find((part) => new RegExp(`^\\s*content-type:\\s*${type}`, 'im').test(part))
  const text = find('text/plain')
  const html = find('text/html')
  return { text: text ? decodePart(text.trim()) : '', html: html ? decodePart(html.trim()) : '' }
}

/** The token of the newest newsletter confirmation e-mailed to this address. */
export function newsletterConfirmationToken(email: string): string | undefined {
  const token = linkInMail(
    'newsletter-confirmation',
    email,
    /\/newsletter\/confirm\?token=([A-Za-z0-9_%-]+)/,
  )?.[1]
  return token ? decodeURIComponent(token) : undefined
}
