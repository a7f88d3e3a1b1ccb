import { formatCents } from '../../../../shared/money'
import { COLORS, MailButton } from './layout'

// One piece as the shop's e-mails show it (the newsletter campaign's pieces, the similar-piece alert).

export interface MailPiece {
  name: string
  price: number
  /** A higher price before: shown struck through beside the price. */
  originalPrice?: number | null
  /** Absolute URLs: the piece's page and its first picture (if any). */
  url: string
  imageUrl: string | null
  imageAlt: string
  /** Sold (or reserved) by the time the message is written: picture dimmed, "Sold", no button. */
  sold?: boolean
}

/** The piece as a card: its picture on the shop's ivory, a hairline of gold, name, price, link. */
export function PieceCard({ piece }: { piece: MailPiece }) {
  return (
    <div style={{ margin: '0 0 28px', background: '#FFFFFF', border: `1px solid ${COLORS.rule}` }}>
      {piece.imageUrl && (
        <a href={piece.url}>
          <img
            src={piece.imageUrl}
            alt={piece.imageAlt}
            width={600}
            style={{
              display: 'block',
              width: '100%',
              height: 'auto',
              border: 0,
              ...(piece.sold ? { opacity: 0.6 } : {}),
            }}
          />
        </a>
      )}
      <div style={{ padding: '18px 20px 4px', borderTop: `1px solid ${COLORS.gold}` }}>
        <p style={{ margin: '0 0 6px', fontFamily: 'Georgia,serif', fontSize: 22, lineHeight: 1.25 }}>
          <a href={piece.url} style={{ color: COLORS.ink, textDecoration: 'none' }}>
            {piece.name}
          </a>
        </p>
        <p
          style={{
            margin: '0 0 16px',
            fontSize: 17,
            color: piece.sold ? COLORS.muted : COLORS.jade,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {piece.sold ? 'Sold' : formatCents(piece.price)}
          {!piece.sold && piece.originalPrice != null && piece.originalPrice > piece.price && (
            <s
              data-text-before=" (was "
              data-text-after=")"
              style={{ marginLeft: 10, fontSize: 14, color: COLORS.muted }}
            >
              {formatCents(piece.originalPrice)}
            </s>
          )}
        </p>
        {!piece.sold && <MailButton href={piece.url}>View the piece</MailButton>}
      </div>
    </div>
  )
}
