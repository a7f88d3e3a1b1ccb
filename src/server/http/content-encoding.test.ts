import { describe, expect, it } from 'vitest'
import { pickEncoding } from './content-encoding'

describe('pickEncoding', () => {
  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0', undefined],
    ['BR;Q=0, GZIP;Q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.3, br;q=0', 'gzip'],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
    ['br;q=abc, gzip', 'gzip'],
  ])('answers %j with %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected)
  })
})
