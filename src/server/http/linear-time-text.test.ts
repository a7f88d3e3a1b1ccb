import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { replaceClosed } from '../../shared/closed-matches'
import { countWords } from '../../shared/journal/rules'
import { reasonClause } from '../../shared/orders/refunds'
import { bodyToDescription } from '../modules/catalog-import/shopify-body'
import { plainText } from '../modules/feeds/feed-fields'
import { joinCellLines, TRAILING_SLASHES } from '../modules/mail/templates/mail-text'
import { serializeError } from './log-safety'

// Text that an owner, an import or a request supplies goes through these rules before any length
// limit (or under a generous one: a campaign's 50,000 characters, an import's 20 MB file). Each was
// a regular expression that retried from every position of a run to its end, quadratic or worse;
// each is now linear and must mean what the readable expression meant, which these tests check on
// random texts built from the characters the expression turns on.

const textOf = (characters: string, maxLength = 24) =>
  fc.array(fc.constantFrom(...characters.split('')), { maxLength }).map((chars) => chars.join(''))
const same = <T>(text: fc.Arbitrary<string>, actual: (s: string) => T, readable: (s: string) => T) =>
  fc.assert(
    fc.property(text, (value) => {
      expect(actual(value)).toEqual(readable(value))
    }),
    { numRuns: 10_000 },
  )

/** Runs each input through `rule` and says how long all of them took, in milliseconds. */
function timed(rule: (text: string) => unknown, inputs: string[]): number {
  const started = performance.now()
  for (const input of inputs) rule(input)
  return performance.now() - started
}
// Each quadratic readable form takes seconds at 200,000 characters (minutes at 1 MiB), the cubic
// one at 3,000; linear, these take milliseconds. The bound is far from both, and a return to the
// old forms fails rather than hangs.
const QUADRATIC_AT = 200_000
const CUBIC_AT = 3_000
const filled = (unit: string, length = QUADRATIC_AT) => unit.repeat(Math.floor(length / unit.length))
const AT_ONCE_MS = 2_000

describe('replaceClosed', () => {
  it('is String.replace for a pattern that ends with its closer', () => {
    same(
      textOf('<>a /'),
      (s) => replaceClosed(s, '>', /<[^>]*>/g, '_'),
      (s) => s.replace(/<[^>]*>/g, '_'),
    )
    same(
      textOf('](x) '),
      (s) => replaceClosed(s, ')', /\]\([^)]*\)/g, '] '),
      (s) => s.replace(/\]\([^)]*\)/g, '] '),
    )
  })
})

describe('a journal post’s word count', () => {
  const readable = (markdown: string) =>
    markdown
      .replace(/```[\s\S]*?```/g, ' ')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, ' $1 ')
      .replace(/\]\([^)]*\)/g, '] ')
      .replace(/<[^>]+>/g, ' ')
      .match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0

  it('counts as the readable rules do', () => {
    same(textOf('![]()<> a`'), countWords, readable)
    expect(countWords('See ![the clasp](/c.jpg) and [the box](/b) <b>here</b>.')).toBe(7)
  })

  it('counts 200,000 characters of unclosed images, links and tags at once', () => {
    const inputs = ['![', '](', '<', '![a]('].map(filled)
    expect(timed(countWords, inputs)).toBeLessThan(AT_ONCE_MS)
  })
})

describe('a Shopify description', () => {
  it('is read at once from a body of 200,000 characters of unclosed list items', () => {
    expect(timed(bodyToDescription, [filled('<li'), filled('<li x')])).toBeLessThan(AT_ONCE_MS)
    expect(bodyToDescription('<ul><li class="a">Clasp</li><li>Box</li></ul>')).toBe('• Clasp\n\n• Box')
  })
})

describe('a feed’s description', () => {
  it('is plain text at once from 200,000 characters of unclosed tags', () => {
    expect(timed((text) => plainText(text, 5000), [filled('<'), filled('<a')])).toBeLessThan(AT_ONCE_MS)
    expect(plainText('A <b>bold</b> piece', 100)).toBe('A bold piece')
  })
})

describe('a mail table row’s text', () => {
  const readable = (row: string) => row.replace(/\s*\n\s*(?=: )/g, '').replace(/\s*\n+\s*/g, ', ')

  it('joins its lines as the readable rules do', () => {
    same(textOf('\n \t: a', 16), joinCellLines, readable)
  })

  it('joins thousands of line breaks at once', () => {
    const inputs = [filled('\n', CUBIC_AT), filled(' \n', CUBIC_AT), `a${filled('\n', CUBIC_AT)}b`]
    expect(timed(joinCellLines, inputs)).toBeLessThan(AT_ONCE_MS)
  })
})

describe('a mail link’s address without its trailing slashes', () => {
  const strip = (address: string) => address.replace(TRAILING_SLASHES, '')

  it('is what the readable rule leaves', () => {
    same(textOf('/a:', 16), strip, (address) => address.replace(/\/+$/, ''))
  })

  it('is found at once in an address of 200,000 slashes', () => {
    expect(timed(strip, [`${filled('/')}a`, filled('/')])).toBeLessThan(AT_ONCE_MS)
  })
})

describe('a refund reason as a clause', () => {
  it('loses its closing run as the readable rule has it lose it', () => {
    const readable = (reason: string) => reason.trim().replace(/[.!?…\s]+$/u, '') || reason.trim()
    same(textOf('a.!?… \n', 16), reasonClause, readable)
  })

  it('loses a run of 200,000 at once', () => {
    expect(timed(reasonClause, [`a${filled('.')}b`, `a${filled('.')}`])).toBeLessThan(AT_ONCE_MS)
  })
})

describe('a logged database error', () => {
  const failed = (params: string) =>
    Object.assign(new Error(`Failed query: select $1\nparams: ${params}`), {
      stack: `Error: Failed query: select $1\nparams: ${params}\n    at query (db.ts:1:1)`,
    })

  it('redacts its parameters up to the first frame', () => {
    const logged = serializeError(failed('mei@example.com,secret'))
    expect(logged.message).toBe('Failed query: select $1\nparams: [redacted]')
    expect(logged.stack).toBe('Error: Failed query: select $1\nparams: [redacted]\n    at query (db.ts:1:1)')
  })

  it('redacts 200,000 line breaks in a parameter at once', () => {
    const logged = () => serializeError(failed(filled('\n')))
    expect(timed(logged, [''])).toBeLessThan(AT_ONCE_MS)
    expect(logged().stack).not.toContain('\n\n')
  })
})
