import { formatCents } from '../../../../shared/money'
import type { StoreInfo } from '../../../../shared/ssr'
import type { OutgoingMail } from '../outbox'
import { COLORS, MailButton, MailFooter, P, renderMail } from './layout'

// The one reminder of an unfinished checkout (issue 25). It goes to an address typed at checkout,
// which may be somebody else's, so it carries nothing the visitor wrote (no name): only the shop's
// own words and the pieces from its catalogue, still available when it is written.

export interface ReminderPiece {
  name: string
  /** Per unit, in cents, as the shop sells it now. */
  price: number
  quantity: number
  /** Absolute addresses: a mail client knows nothing of the shop's paths. */
  url: string
  imageUrl: string | null
}

export interface ReminderLinksFor {
  /** Puts the pieces back into the cart and opens /checkout. */
  checkout: string
  /** The page with the one button (the body's link). */
  unsubscribePage: string
  /** What a mail client POSTs to (List-Unsubscribe, RFC 8058 one-click). */
  unsubscribeOneClick: string
}

const THUMB = 96

function subjectFor(pieces: ReminderPiece[]): string {
  return pieces.length === 1
    ? `Your ${pieces[0]!.name} is still available`
    : `Your ${pieces.length} pieces are still available`
}

export function checkoutReminderMail(
  to: string,
  pieces: ReminderPiece[],
  links: ReminderLinksFor,
  store: StoreInfo,
): OutgoingMail {
  const one = pieces.length === 1
  const heading = one ? 'Your piece is still here' : 'Your pieces are still here'
  const lead = `You started a checkout at ${store.name} and did not finish it. ${
    one ? 'The piece you chose is' : 'The pieces you chose are'
  } still available, for now: each is one of a kind, and nothing is held until an order is placed.`
  const unasked =
    'If you did not start this checkout, you can ignore this e-mail: we send this reminder only once.'

  const { html, text } = renderMail(
    store,
    <>
      <h1
        style={{
          margin: '0 0 12px',
          fontFamily: 'Georgia,serif',
          fontSize: 26,
          fontWeight: 'normal',
          lineHeight: 1.25,
          color: COLORS.ink,
        }}
      >
        {heading}
      </h1>
      <P>{lead}</P>
      <PiecesTable pieces={pieces} />
      <MailButton href={links.checkout}>Return to checkout</MailButton>
      <P style={{ color: COLORS.muted }}>
        {'Questions about a piece, its size or its certificate? Reply to this e-mail, or text us at '}
        <span style={{ whiteSpace: 'nowrap' }}>{store.phone}</span>.
      </P>
      <MailFooter
        unsubscribe={{ href: links.unsubscribePage, label: 'Unsubscribe from checkout reminders' }}
        style={{ margin: '24px 0 0' }}
      >
        {unasked}
      </MailFooter>
    </>,
  )

  return {
    kind: 'checkout-reminder',
    to,
    replyTo: store.email,
    subject: subjectFor(pieces),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeOneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

function PiecesTable({ pieces }: { pieces: ReminderPiece[] }) {
  const cell = {
    padding: '14px 0',
    borderBottom: `1px solid ${COLORS.rule}`,
    verticalAlign: 'middle' as const,
  }
  return (
    <table
      role="presentation"
      style={{
        width: '100%',
        borderCollapse: 'collapse',
        borderTop: `1px solid ${COLORS.gold}`,
        margin: '8px 0 24px',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      <tbody>
        {pieces.map((piece) => (
          <tr key={piece.url}>
            <td style={{ ...cell, width: THUMB, paddingRight: 16 }}>
              <a href={piece.url} style={{ display: 'block', width: THUMB, height: THUMB }}>
                {piece.imageUrl ? (
                  <img
                    src={piece.imageUrl}
                    alt={piece.name}
                    width={THUMB}
                    height={THUMB}
                    style={{
                      display: 'block',
                      width: THUMB,
                      height: THUMB,
                      objectFit: 'cover',
                      borderRadius: 4,
                      background: COLORS.celadon,
                      border: 0,
                    }}
                  />
                ) : (
                  <span
                    style={{
                      display: 'block',
                      width: THUMB,
                      height: THUMB,
                      borderRadius: 4,
                      background: COLORS.celadon,
                    }}
                  />
                )}
              </a>
            </td>
            <td style={cell}>
              <a
                href={piece.url}
                style={{
                  fontFamily: 'Georgia,serif',
                  fontSize: 18,
                  lineHeight: 1.3,
                  color: COLORS.ink,
                  textDecoration: 'none',
                }}
              >
                {piece.name}
              </a>
              {piece.quantity > 1 && (
                <div style={{ marginTop: 4, color: COLORS.muted, fontSize: 14 }}>
                  {`${piece.quantity} × ${formatCents(piece.price)}`}
                </div>
              )}
            </td>
            <td
              style={{
                ...cell,
                paddingLeft: 12,
                textAlign: 'right',
                whiteSpace: 'nowrap',
                fontSize: 16,
              }}
            >
              {formatCents(piece.price * piece.quantity)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
