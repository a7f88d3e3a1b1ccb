import { formatCents } from '../money'

// Gift cards' pure rules (issue 36): the code's alphabet and spelling, the money limits, the
// expiry floor and the status a card shows. Used by the server, the back office and the tests.

/**
 * The code's 30 characters: digits and capitals without the ones a person misreads or mistypes
 * (0/O, 1/I/L) and without U (Crockford's choice: fewer accidental words). Sixteen of them carry
 * log2(30^16) ≈ 78 bits: never guessed, even with the hash in hand.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'
export const CODE_LENGTH = 16

const CODE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`)

/** A code as typed → its one spelling: capitals, without spaces or dashes ("abcd-efgh …" → "ABCDEFGH…"). */
export function normalizeCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase()
}

/** Whether a normalised code is one the shop could have drawn (a cheap refusal before any look-up). */
export const isWellFormedCode = (normalized: string) => CODE.test(normalized)

/** "ABCDEFGHJKMNPQRS" → "ABCD-EFGH-JKMN-PQRS", as printed on the card and in the e-mail. */
export function formatCode(normalized: string): string {
  return normalized.match(/.{1,4}/g)?.join('-') ?? normalized
}

/** What the back office and the receipts show of a card: "••••PQRS". */
export const maskedCode = (last4: string) => `••••${last4}`

/**
 * Amounts in cents, as all the shop's money. A card sold on the storefront is $25 to $5,000 (the
 * issue); one the owner issues (a prize, a goodwill credit) may be any amount from $0.01 to the
 * same ceiling, since a small make-good is a real need and no money changes hands.
 */
export const GIFT_CARD_AMOUNTS = { issuedMin: 1, soldMin: 2_500, max: 500_000 } as const

/** Federal CARD Act: a gift card's funds may not expire within 5 years of its issue. */
export const MIN_EXPIRY_YEARS = 5

/** The earliest expiry a card issued at `issuedAt` may carry. */
export function earliestExpiry(issuedAt: Date): Date {
  const earliest = new Date(issuedAt)
  earliest.setUTCFullYear(earliest.getUTCFullYear() + MIN_EXPIRY_YEARS)
  return earliest
}

export const EXPIRY_TOO_SOON_MESSAGE =
  'A gift card cannot expire less than 5 years after it is issued (federal CARD Act). Leave the expiry empty for none.'

/** Why this expiry cannot be set on a card issued at `issuedAt`, or undefined when it can (none is always fine). */
export function expiryProblem(expiresAt: Date | null | undefined, issuedAt: Date): string | undefined {
  if (!expiresAt) return undefined
  return expiresAt.getTime() < earliestExpiry(issuedAt).getTime() ? EXPIRY_TOO_SOON_MESSAGE : undefined
}

export const GIFT_CARD_STATUSES = ['active', 'disabled', 'expired', 'spent'] as const
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number]

/** Disabled by the owner first, then expired, then spent (nothing left), else active. */
export function giftCardStatus(
  card: { active: boolean; balance: number; expiresAt: Date | null },
  now = new Date(),
): GiftCardStatus {
  if (!card.active) return 'disabled'
  if (card.expiresAt && card.expiresAt.getTime() <= now.getTime()) return 'expired'
  if (card.balance <= 0) return 'spent'
  return 'active'
}

export const GIFT_CARD_SOURCES = ['issued', 'purchased', 'store_credit'] as const
export type GiftCardSource = (typeof GIFT_CARD_SOURCES)[number]

/**
 * One line of a card's ledger. `reissue` is the resend that replaced the code (only the hash is
 * kept, so the old code cannot be mailed again): the amount is 0, the old code dead.
 */
export const GIFT_CARD_TRANSACTION_KINDS = [
  'issue',
  'debit',
  'refund',
  'adjustment',
  'disable',
  'enable',
  'reissue',
  /** A bought card sent before its delivery date: its first code (docs/decisions/016). */
  'send',
] as const
export type GiftCardTransactionKind = (typeof GIFT_CARD_TRANSACTION_KINDS)[number]

export const GIFT_CARD_MESSAGE_MAX = 300

export const GIFT_CARD_MESSAGES = {
  notFound: 'Gift card not found',
  issued: 'Gift card issued',
  updated: 'Gift card updated',
  resent: 'A new code was e-mailed to the recipient; the old code no longer works',
  sentEarly: 'The gift card was e-mailed to the recipient now, ahead of its date',
  nothingToChange: 'Nothing to change: send active or an adjustment',
  noRecipient: 'This gift card has no recipient e-mail to send to',
  resendDisabled: 'Enable this gift card before resending it',
  reasonRequired: 'Please give a reason',
  tooManyTries: (retryAfterMs: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
    return `Too many gift card codes tried. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
  },
} as const

/** The 409 of an adjustment that would leave less than nothing on the card. */
export function belowZeroMessage(balance: number): string {
  return `This adjustment would take the balance below $0.00: the card holds ${formatCents(balance)}`
}

export const GIFT_CARD_STATUS_LABELS: Record<GiftCardStatus, string> = {
  active: 'Active',
  disabled: 'Disabled',
  expired: 'Expired',
  spent: 'Spent',
}

/** A history line's kind as the back office names it. */
export const GIFT_CARD_TRANSACTION_LABELS: Record<GiftCardTransactionKind, string> = {
  issue: 'Issued',
  debit: 'Paid an order',
  refund: 'Refunded',
  adjustment: 'Adjusted',
  disable: 'Disabled',
  enable: 'Enabled',
  reissue: 'New code sent',
  send: 'Sent',
}
