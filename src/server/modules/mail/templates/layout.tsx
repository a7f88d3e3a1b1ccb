import type { CSSProperties, ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { printableName } from '../../../../shared/plain-text'
import type { StoreInfo } from '../../../../shared/ssr'
import { mailText } from './mail-text'

// Every message is a React element rendered to static HTML inside this one layout. React escapes
// every string it renders, so whatever a shopper typed (names, inquiries, reviews) reaches the HTML
// as text: there is no other escaper to forget. Styles are inline because mail clients drop
// <style> blocks and external CSS. The plain-text part is read off the HTML (mail-text.ts), so the
// two parts of a message say the same.

export const COLORS = {
  ink: '#1F2A24',
  muted: '#5B665F',
  jade: '#0F6B4B',
  celadon: '#CFE3D6',
  gold: '#C9A96E',
  ivory: '#FAF7F2',
  rule: '#E6E0D4',
} as const

export function MailLayout({ store, children }: { store: StoreInfo; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
      </head>
      <body style={{ margin: 0, padding: 0, background: COLORS.ivory }}>
        <div
          style={{
            maxWidth: 600,
            margin: '0 auto',
            padding: 24,
            fontFamily: 'Helvetica,Arial,sans-serif',
            fontSize: 15,
            lineHeight: 1.5,
            color: COLORS.ink,
          }}
        >
          <p style={{ margin: '0 0 24px', fontFamily: 'Georgia,serif', fontSize: 22, color: COLORS.jade }}>
            {store.name}
          </p>
          {children}
          <p
            style={{
              margin: '32px 0 0',
              paddingTop: 16,
              borderTop: `1px solid ${COLORS.gold}`,
              fontSize: 13,
              color: COLORS.muted,
            }}
          >
            {`${store.name} · ${store.email} · ${store.phone} (text)`}
          </p>
        </div>
      </body>
    </html>
  )
}

export function P({
  children,
  style,
  'data-html-only': htmlOnly,
}: {
  children: ReactNode
  style?: CSSProperties
  /** Left out of the plain-text part (mail-text.ts): a button's address spelt out for the eye. */
  'data-html-only'?: boolean
}) {
  return (
    <p data-html-only={htmlOnly || undefined} style={{ margin: '0 0 16px', ...style }}>
      {children}
    </p>
  )
}

export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '0 0 20px' }}>
      <a
        href={href}
        style={{
          display: 'inline-block',
          padding: '10px 20px',
          background: COLORS.jade,
          color: '#FFFFFF',
          textDecoration: 'none',
          borderRadius: 4,
        }}
      >
        {children}
      </a>
    </p>
  )
}

/**
 * The small print that closes a message, above the layout's signature line: why it came or what to
 * do if it was not asked for, and for mail that comes again (newsletter, alerts, reminders) the
 * link that stops it. The plain-text part reads it off the HTML like the rest.
 */
export function MailFooter({
  children,
  unsubscribe,
  style,
}: {
  children: string
  unsubscribe?: { href: string; label: string }
  style?: CSSProperties
}) {
  return (
    <P style={{ fontSize: 13, color: COLORS.muted, ...style }}>
      {unsubscribe ? `${children} ` : children}
      {unsubscribe && (
        <a href={unsubscribe.href} style={{ color: COLORS.jade }}>
          {unsubscribe.label}
        </a>
      )}
    </P>
  )
}

/** Text kept as typed, line breaks included (a message, a review). */
export function Quote({ children }: { children: string }) {
  return (
    <div
      style={{
        margin: '0 0 20px',
        padding: '12px 16px',
        borderLeft: `3px solid ${COLORS.celadon}`,
        background: '#FFFFFF',
        whiteSpace: 'pre-line',
      }}
    >
      {children}
    </div>
  )
}

/** A label/value table (order details, an inquiry's sender). */
export function Details({ rows }: { rows: [string, string][] }) {
  return (
    <table role="presentation" style={{ borderCollapse: 'collapse', margin: '0 0 20px' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td
              style={{
                padding: '3px 16px 3px 0',
                color: COLORS.muted,
                verticalAlign: 'top',
                whiteSpace: 'nowrap',
              }}
            >
              {label}
            </td>
            <td style={{ padding: '3px 0', whiteSpace: 'pre-line' }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The HTML part of a message: the layout around the body, rendered once to static markup. */
export function renderMailHtml(store: StoreInfo, body: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(<MailLayout store={store}>{body}</MailLayout>)}`
}

/** Both parts of a message: the HTML, rendered once, and the plain text read off it. */
export function renderMail(store: StoreInfo, body: ReactNode): { html: string; text: string } {
  const html = renderMailHtml(store, body)
  return { html, text: mailText(html) }
}

/**
 * A name or address line as the shop's e-mails print it: a word joiner (U+2060, invisible) after
 * each dot between letters, so no mail program's link detection reads "jade.example" in a name as
 * a web address. The rules refuse web addresses in names; a bare domain is not one, and must still
 * never become a link.
 */
export function unlinkable(text: string): string {
  return text.replace(/\.(?=[\p{L}\p{N}])/gu, '.\u2060')
}

/**
 * "Hi Name," to a shopper, or "Hello," when the stored name carries a link or an address (orders
 * placed before names were plain keep their data; their e-mails never repeat it).
 */
export function greeting(name: string | null | undefined): string {
  const printable = printableName(name)
  return printable ? `Hi ${unlinkable(printable)},` : 'Hello,'
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
