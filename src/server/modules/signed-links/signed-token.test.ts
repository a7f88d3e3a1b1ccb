import { describe, expect, it } from 'vitest'
import { ReminderLinks } from '../checkout-reminders/reminder-links'
import { OrderLinkTokens } from '../orders/order-link-token'
import { UnsubscribeTokens } from '../piece-alerts/unsubscribe-tokens'
import { SignedTokens, type TokenPurpose } from './signed-token'

const SECRET = 'a-test-secret-of-at-least-32-characters'
const NOW = Date.UTC(2026, 10, 1)
const DAY = 24 * 60 * 60_000

const ENDING: TokenPurpose = { salt: 'test salt', info: 'ending link', fields: 2, expires: true }
const LASTING: TokenPurpose = { salt: 'test salt', info: 'lasting link', fields: 1, expires: false }

describe('signed tokens', () => {
  const ending = new SignedTokens(SECRET, ENDING)
  const lasting = new SignedTokens(SECRET, LASTING)

  it('give back their fields until they expire', () => {
    const token = ending.sign('thing:7', ['12x1', 'bWVp'], NOW + DAY)
    expect(token).toMatch(/^\d+\.12x1\.bWVp\.[A-Za-z0-9_-]{43}$/)
    expect(ending.open('thing:7', token, NOW)).toEqual(['12x1', 'bWVp'])
    expect(ending.open('thing:7', token, NOW + DAY - 1000)).toEqual(['12x1', 'bWVp'])
    expect(ending.open('thing:7', token, NOW + DAY)).toBeUndefined()
    const forever = lasting.sign('other', ['abc'])
    expect(lasting.open('other', forever, NOW + 100 * 365 * DAY)).toEqual(['abc'])
  })

  it('refuse a token tampered with anywhere', () => {
    const token = ending.sign('thing:7', ['12x1', 'bWVp'], NOW + DAY)
    const [expiry, first, second, mac] = token.split('.') as [string, string, string, string]
    const later = String(Number(expiry) + 3600)
    for (const tampered of [
      [later, first, second, mac],
      [expiry, '13x1', second, mac],
      [expiry, first, 'bWVq', mac],
      [expiry, first, second, `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`],
      [expiry, second, first, mac],
    ])
      expect(ending.open('thing:7', tampered.join('.'), NOW)).toBeUndefined()
  })

  it('open only for the subject, purpose and secret they were signed for', () => {
    const token = ending.sign('thing:7', ['12x1', 'bWVp'], NOW + DAY)
    expect(ending.open('thing:8', token, NOW)).toBeUndefined()
    // The same shape under another purpose's key (another HKDF info) does not open.
    const twin = new SignedTokens(SECRET, { ...ENDING, info: 'another ending link' })
    expect(twin.open('thing:7', token, NOW)).toBeUndefined()
    expect(new SignedTokens(`${SECRET}!`, ENDING).open('thing:7', token, NOW)).toBeUndefined()
    // A lasting token is no ending one, and the other way round.
    expect(lasting.open('thing:7', token, NOW)).toBeUndefined()
    expect(ending.open('other', lasting.sign('other', ['abc']), NOW)).toBeUndefined()
  })

  it('refuse malformed tokens without throwing', () => {
    const mac = 'A'.repeat(43)
    for (const malformed of [
      '',
      '.',
      '..',
      mac,
      `x.12x1.bWVp.${mac}`,
      `1234567890123.12x1.bWVp.${mac}`,
      `1900000000.12x1.${mac}`,
      `1900000000.12x1.bWVp.extra.${mac}`,
      `1900000000.12x1..${mac}`,
      `1900000000.12x1.b+Vp.${mac}`,
      `1900000000.12x1.bWVp.${mac}A`,
      `1900000000.12x1.bWVp.${mac.slice(1)}`,
      `1900000000.${'1'.repeat(2000)}.bWVp.${mac}`,
      `1900000000.12x1.bWVp.${'é'.repeat(43)}`,
    ])
      expect(ending.open('thing:7', malformed, NOW), malformed.slice(0, 60)).toBeUndefined()
  })

  it('are signed only with the fields and expiry their purpose names', () => {
    expect(() => ending.sign('thing', ['one'], NOW)).toThrow()
    expect(() => ending.sign('thing', ['one', 'two'])).toThrow()
    expect(() => ending.sign('thing', ['one', 'not.base64url'], NOW)).toThrow()
    expect(() => lasting.sign('thing', ['one'], NOW)).toThrow()
    expect(() => lasting.sign('thing', [''])).toThrow()
  })
})

// Tokens made by the code before the shared helper (with this secret, on NOW): links in mailboxes
// keep working, and today's code writes the very same bytes.
describe('links sent before the shared helper', () => {
  it('open the same order, until the same day', () => {
    const sent = '1803859200.5UNiE-IxrkdxdoTTOFJXowqYWCAA93RGDkgzeU4_aIw'
    const tokens = new OrderLinkTokens(SECRET)
    expect(tokens.sign(42, NOW)).toBe(sent)
    expect(tokens.opens(42, sent, NOW + 119 * DAY)).toBe(true)
    expect(tokens.opens(42, sent, NOW + 120 * DAY)).toBe(false)
    expect(tokens.opens(43, sent, NOW)).toBe(false)
  })

  it('restore the same cart and unsubscribe the same address', () => {
    const links = new ReminderLinks(SECRET)
    const lines = [
      { productId: 12, quantity: 1 },
      { productId: 7, quantity: 2 },
    ]
    const resume = '1796083200.12x1-7x2.UzXk1U-VnkBu53S7RgduULzStVCxTYf6nEDdHK02CE4'
    expect(links.resumeToken(lines, NOW)).toBe(resume)
    expect(links.readResume(resume, NOW + 29 * DAY)).toEqual(lines)
    expect(links.readResume(resume, NOW + 30 * DAY)).toBeUndefined()
    const unsubscribe = 'bWVpQGV4YW1wbGUuY29t.Ab6NcW-CF2BC_974Fq0yNHQn6HMktAl9ZF-ohye0jvU'
    expect(links.unsubscribeToken('Mei@Example.com')).toBe(unsubscribe)
    expect(links.readUnsubscribe(unsubscribe)).toBe('mei@example.com')
  })

  it('stop the same alert', () => {
    const sent = '7.mOtw_BJJkbZ5NcJ0yLNCXt4kRL7ZF-KJvVHxt1jYYBo'
    const tokens = new UnsubscribeTokens(SECRET)
    expect(tokens.sign(7)).toBe(sent)
    expect(tokens.alertOf(sent)).toBe(7)
    expect(tokens.alertOf(sent.replace(/^7/, '8'))).toBeUndefined()
  })
})
