import { describe, expect, it } from 'vitest'
import {
  CODE_ALPHABET,
  EXPIRY_TOO_SOON_MESSAGE,
  earliestExpiry,
  expiryProblem,
  formatCode,
  giftCardStatus,
  isWellFormedCode,
  normalizeCode,
} from './rules'

describe('gift card codes', () => {
  it('leave out the characters people misread', () => {
    for (const char of '01OILU') expect(CODE_ALPHABET).not.toContain(char)
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length)
  })

  it('are looked up ignoring case, spaces and dashes', () => {
    expect(normalizeCode(' abcd-efgh jkmn--pqrs ')).toBe('ABCDEFGHJKMNPQRS')
    expect(isWellFormedCode(normalizeCode('abcd-efgh-jkmn-pqrs'))).toBe(true)
    expect(isWellFormedCode('ABCDEFGHJKMNPQR')).toBe(false)
    expect(isWellFormedCode('ABCDEFGHJKMNPQR0')).toBe(false)
  })

  it('are printed in groups of four', () => {
    expect(formatCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS')
  })
})

describe('gift card expiry (federal CARD Act)', () => {
  const issuedAt = new Date('2026-03-15T12:00:00Z')

  it('has none by default', () => {
    expect(expiryProblem(null, issuedAt)).toBeUndefined()
    expect(expiryProblem(undefined, issuedAt)).toBeUndefined()
  })

  it('is refused earlier than 5 years after the issue, and allowed from then on', () => {
    expect(earliestExpiry(issuedAt).toISOString()).toBe('2031-03-15T12:00:00.000Z')
    expect(expiryProblem(new Date('2031-03-15T11:59:59Z'), issuedAt)).toBe(EXPIRY_TOO_SOON_MESSAGE)
    expect(expiryProblem(new Date('2027-01-01T00:00:00Z'), issuedAt)).toBe(EXPIRY_TOO_SOON_MESSAGE)
    expect(expiryProblem(new Date('2031-03-15T12:00:00Z'), issuedAt)).toBeUndefined()
  })

  it('from 29 February lands on 1 March, never earlier', () => {
    expect(earliestExpiry(new Date('2028-02-29T00:00:00Z')).toISOString()).toBe('2033-03-01T00:00:00.000Z')
  })
})

describe('gift card status', () => {
  const now = new Date('2026-06-01T00:00:00Z')
  const card = { active: true, balance: 500, expiresAt: null }

  it('is disabled, then expired, then spent, else active', () => {
    expect(giftCardStatus(card, now)).toBe('active')
    expect(giftCardStatus({ ...card, balance: 0 }, now)).toBe('spent')
    expect(giftCardStatus({ ...card, expiresAt: now }, now)).toBe('expired')
    expect(giftCardStatus({ ...card, active: false, expiresAt: now }, now)).toBe('disabled')
  })
})
