import type { StoreInfo } from '../../../../shared/ssr'
import type { OutgoingMail } from '../outbox'
import { COLORS, MailButton, MailFooter, P, renderMail } from './layout'
import { PieceCard } from './piece-card'

// "Tell me when a similar piece arrives" (issue 25): the double opt-in link, and the e-mail the
// job sends when a new piece of the category is on sale.

/**
 * The link that puts an address typed on a piece's page on the list. Someone else may have typed
 * it, so it says so, carries nothing they wrote (the piece and the category are the shop's words),
 * and asks nothing of a stranger.
 */
export function pieceAlertConfirmationMail(
  to: string,
  confirmUrl: string,
  ask: { category: string; pieceName: string },
  store: StoreInfo,
): OutgoingMail {
  const asked = `Someone, we hope you, asked on the page of “${ask.pieceName}” to hear from ${store.name} when a similar piece arrives in ${ask.category}.`
  const promise =
    'Once you confirm, we write only when such a piece is on sale: one e-mail per piece, for a year, and every one of them lets you stop with one click.'
  const unasked = 'If it was not you, ignore this e-mail: without your confirmation we will not write again.'
  const { html, text } = renderMail(
    store,
    <>
      <P>Hello,</P>
      <P>{asked}</P>
      <P>{promise}</P>
      <MailButton href={confirmUrl}>Yes, tell me</MailButton>
      <MailFooter>{unasked}</MailFooter>
    </>,
  )
  return {
    kind: 'piece-alert-confirmation',
    to,
    subject: `Please confirm: new ${ask.category} from ${store.name}`,
    text,
    html,
  }
}

export interface ArrivedPiece {
  name: string
  price: number
  originalPrice: number | null
  /** Absolute URLs: the piece's page and its first picture (if any). */
  url: string
  imageUrl: string | null
  imageAlt: string
}

export interface SimilarPieceMailData {
  category: string
  /** Newest first; the e-mail shows the first PIECES_SHOWN. */
  pieces: ArrivedPiece[]
  /** The category's listing, for more than PIECES_SHOWN at once. */
  categoryUrl: string
  /** The page with one button (for people), and the RFC 8058 one-click address (for mail programs). */
  unsubscribeUrl: string
  oneClickUrl: string
}

/** A round that finds more new pieces than this names them all in one e-mail, and links the rest. */
export const PIECES_SHOWN = 3

/** One e-mail per address per round, naming each new piece with its picture, price and link. */
export function similarPieceMail(to: string, data: SimilarPieceMailData, store: StoreInfo): OutgoingMail {
  const shown = data.pieces.slice(0, PIECES_SHOWN)
  const more = data.pieces.length - shown.length
  const [first] = shown
  if (!first) throw new Error('an alert e-mail names at least one piece')
  const lead =
    data.pieces.length === 1
      ? `A new piece has arrived in ${data.category}, as you asked us to tell you:`
      : `New pieces have arrived in ${data.category}, as you asked us to tell you:`
  const why = `You are receiving this because you asked ${store.name} to write when a similar piece arrives. We write only when one does, and stop a year after you asked.`
  const { html, text } = renderMail(
    store,
    <>
      <P>Hello,</P>
      <P>{lead}</P>
      {shown.map((piece) => (
        <PieceCard key={piece.url} piece={piece} />
      ))}
      {more > 0 && (
        <P>
          <a href={data.categoryUrl} style={{ color: COLORS.jade }}>
            {`And ${more} more in ${data.category}`}
          </a>
        </P>
      )}
      <P style={{ fontStyle: 'italic', color: COLORS.muted }}>
        Each piece is one of a kind: the first to buy it takes it home.
      </P>
      <MailFooter unsubscribe={{ href: data.unsubscribeUrl, label: 'Unsubscribe with one click' }}>
        {why}
      </MailFooter>
    </>,
  )
  return {
    kind: 'piece-alert',
    to,
    subject:
      data.pieces.length === 1
        ? `New in ${data.category}: ${first.name}`
        : `${data.pieces.length} new pieces in ${data.category}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${data.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
