import { describe, expect, it } from 'vitest'
import { clientHolder, emailHolder } from './holders'

describe('the holder a client address stands for', () => {
  it('is an IPv4 address itself, even seen through an IPv6 socket', () => {
    expect(clientHolder('203.0.113.7')).toBe('address:203.0.113.7')
    expect(clientHolder('::ffff:203.0.113.7')).toBe('address:203.0.113.7')
  })

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const holder = 'address:2001:db8:85a3:0::/64'
    expect(clientHolder('2001:db8:85a3::1')).toBe(holder)
    expect(clientHolder('2001:0db8:85a3:0000:ffff:ffff:ffff:fffe')).toBe(holder)
    expect(clientHolder('2001:DB8:85A3:0:1234::9')).toBe(holder)
    expect(clientHolder('2001:db8:85a3:1::1')).not.toBe(holder)
  })

  it('has no holder for a missing or unreadable address', () => {
    expect(clientHolder(undefined)).toBeNull()
    expect(clientHolder('')).toBeNull()
    expect(clientHolder('not an address')).toBeNull()
  })
})

describe('the holder an e-mail address stands for', () => {
  it('ignores case and a +tag anywhere, and dots and the googlemail alias at Gmail', () => {
    expect(emailHolder('Mei@Example.com')).toBe('email:mei@example.com')
    expect(emailHolder('mei+jade@example.com')).toBe('email:mei@example.com')
    expect(emailHolder('hoarder+0@gmail.com')).toBe('email:hoarder@gmail.com')
    expect(emailHolder('Ho.Ard.Er+9@googlemail.com')).toBe('email:hoarder@gmail.com')
  })

  it('keeps dots elsewhere, and a name that is only a tag', () => {
    expect(emailHolder('mei.lin@example.com')).toBe('email:mei.lin@example.com')
    expect(emailHolder('+tag@example.com')).toBe('email:+tag@example.com')
  })
})
