import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { carriesLinkOrMarkup } from './plain-text'

// The rule as it reads: a web address (`://`, `www.`, a domain followed by a path), an e-mail
// address, or angle brackets. plain-text.ts writes the same rule so that it runs in linear time.
const readableRule = (value: string) =>
  /:\/\/|\bwww\.|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}\//i.test(value) ||
  /[^\s@]+@[^\s@]+\.[^\s@]+/.test(value) ||
  /[<>]/.test(value)

describe('what a name or an address line may not carry', () => {
  it('is the rule as it reads, for any text', () => {
    // The characters the rule turns on, and a few it must tell apart from them (`_` is a word
    // character outside a domain's, `é` and a tab are neither).
    const character = fc.constantFrom(...'aBc1-_./@ :wWé\t<'.split(''))
    fc.assert(
      fc.property(fc.array(character, { maxLength: 24 }), (characters) => {
        const value = characters.join('')
        expect(carriesLinkOrMarkup(value)).toBe(readableRule(value))
      }),
      { numRuns: 20_000 },
    )
  })

  it.each([
    ['write to help@evil.example', true],
    ['evil.example/login', true],
    ['see a.b-c.example/x', true],
    ['visit www.evil.example', true],
    ['http://evil', true],
    ['Apt. 4/5, 12 St. John St.', false],
    ["Ngọc-Anh O'Brien", false],
    ['snake_case.com/x', false],
  ])('%j: %s', (value, refused) => {
    expect(carriesLinkOrMarkup(value)).toBe(refused)
  })

  // A field is checked before its length limit, on anything up to the 1 MiB body limit. The rule
  // written as it reads takes about 0.6 s on 30,000 of these characters and grows with the square
  // of the length (about 25 s at 200,000, minutes at 1 MiB); linear, the four below take
  // milliseconds each. Not 1 MiB here: a return to the quadratic form must fail, not hang.
  it('answers a 200,000-character field at once, whatever it holds', () => {
    const size = 200_000
    const started = performance.now()
    for (const unit of ['a', 'a.', 'x-x.', '@a']) {
      expect(carriesLinkOrMarkup(unit.repeat(size / unit.length))).toBe(false)
    }
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})
