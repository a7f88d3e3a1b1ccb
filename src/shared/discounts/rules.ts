import { formatCents } from '../money'

// Discount codes (issue 25): what a code takes off, and the words for every reason it is refused.
// The cart, checkout's statement and the back office's status all follow these. No zod here: the
// storefront's cart carries this file; the request schemas live in discounts.ts.

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]

export interface DiscountTerms {
  kind: DiscountKind | string
  /** 1 to 100 for a percentage; cents for a fixed amount. */
  value: number
}

export interface DiscountLimits {
  active: boolean
  minSubtotal: number
  startsAt: Date | string | null
  endsAt: Date | string | null
  maxUses: number | null
  uses: number
}

/**
 * Cents off a subtotal: a percentage rounded to the cent (half up), or a fixed amount never above
 * the subtotal. Checkout's statement computes the same in SQL (discounts/statement.ts); a test
 * holds the two together.
 */
export function discountAmount(terms: DiscountTerms, subtotal: number): number {
  if (subtotal <= 0) return 0
  if (terms.kind === 'percent') return Math.round((subtotal * terms.value) / 100)
  return Math.min(terms.value, subtotal)
}

export type DiscountRefusal = 'unknown' | 'inactive' | 'not-started' | 'expired' | 'used-up' | 'minimum'

const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime())

/** Why a code cannot be used on this subtotal at `now`, or undefined when it can. */
export function discountRefusal(
  code: DiscountLimits | undefined,
  subtotal: number,
  now: Date = new Date(),
): DiscountRefusal | undefined {
  if (!code) return 'unknown'
  if (!code.active) return 'inactive'
  const starts = time(code.startsAt)
  const ends = time(code.endsAt)
  if (starts !== null && starts > now.getTime()) return 'not-started'
  if (ends !== null && ends <= now.getTime()) return 'expired'
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'used-up'
  if (subtotal < code.minSubtotal) return 'minimum'
  return undefined
}

export function discountRefusalMessage(refusal: DiscountRefusal, minSubtotal = 0): string {
  switch (refusal) {
    case 'unknown':
      return 'This discount code does not exist'
    case 'inactive':
      return 'This discount code is no longer active'
    case 'not-started':
      return 'This discount code is not valid yet'
    case 'expired':
      return 'This discount code has expired'
    case 'used-up':
      return 'This discount code has been used up'
    case 'minimum':
      return `Spend ${formatCents(minSubtotal)} to use this code`
  }
}

/** What the back office shows for a code: scheduled before its window, expired after, used up at its limit. */
export type DiscountStatus = 'active' | 'inactive' | 'scheduled' | 'expired' | 'used-up'

export function discountStatus(code: DiscountLimits, now: Date = new Date()): DiscountStatus {
  const refusal = discountRefusal(code, Number.POSITIVE_INFINITY, now)
  switch (refusal) {
    case 'inactive':
      return 'inactive'
    case 'not-started':
      return 'scheduled'
    case 'expired':
      return 'expired'
    case 'used-up':
      return 'used-up'
    default:
      return 'active'
  }
}

export const DISCOUNT_STATUS_LABELS: Record<DiscountStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  scheduled: 'Scheduled',
  expired: 'Expired',
  'used-up': 'Used up',
}
