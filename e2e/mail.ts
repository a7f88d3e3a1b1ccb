import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** The "View your order" link of an order's confirmation e-mail (an .eml file in the e2e run). */
export function confirmationLink(orderId: number): string | undefined {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail')
  if (!existsSync(dir)) return undefined
  for (const file of readdirSync(dir).filter((name) => name.includes('order-confirmation'))) {
    // Quoted-printable may wrap the link; join soft line breaks first.
    const text = readFileSync(path.join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
    const match = new RegExp(`https?://[^\\s"<>]+/order/${orderId}\\?key=[A-Za-z0-9_-]+`).exec(text)
    if (match) return match[0]
  }
  return undefined
}

/** The link's path and query, for page.goto against the e2e server. */
export function pathOf(link: string): string {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

/** The link of the newest staff invitation e-mail written for this address. */
export function invitationLink(email: string): string | undefined {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail')
  if (!existsSync(dir)) return undefined
  const text = readdirSync(dir)
    .filter((file) => file.includes('staff-invitation'))
    .sort()
    .map((file) =>
      readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((mail) => mail.includes(email))
    .at(-1)
  return text ? /https?:\/\/[^\s"<>]+\/staff\/invitation\?token=[A-Za-z0-9_%.-]+/.exec(text)?.[0] : undefined
}
