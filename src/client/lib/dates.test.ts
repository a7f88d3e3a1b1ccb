import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatDay } from './dates'

describe('dates in the shop’s zone', () => {
  it('reads an instant on the shop’s clock, with its abbreviation when asked', () => {
    const iso = '2026-01-15T04:05:00Z'
    expect(formatDateTime(iso, { timeZone: 'America/Chicago', zoneName: true })).toBe(
      'Jan 14, 2026 10:05 PM CST',
    )
    expect(formatDateTime(iso, { timeZone: 'America/Chicago' })).toBe('Jan 14, 2026 10:05 PM')
    expect(formatDateTime('2026-07-04T17:30:00Z', { timeZone: 'America/Chicago', zoneName: true })).toBe(
      'Jul 4, 2026 12:30 PM CDT',
    )
    // The same instant for an owner reading it in Tokyo is still the shop's evening.
    expect(formatDate(iso, { timeZone: 'America/Chicago' })).toBe('Jan 14, 2026')
    expect(formatDate(iso, { timeZone: 'Asia/Tokyo' })).toBe('Jan 15, 2026')
  })

  it('shows nothing for an unreadable date, and the reader’s zone for an unknown one', () => {
    expect(formatDateTime('nonsense', { timeZone: 'America/Chicago' })).toBe('')
    expect(formatDateTime('2026-01-15T04:05:00Z', { timeZone: 'Not/AZone' })).toMatch(/^Jan 1[45], 2026 /)
  })

  it('keeps a due day the day it is, in any zone', () => {
    expect(formatDay('2026-03-01')).toBe('Mar 1, 2026')
    expect(formatDay('bad')).toBe('')
  })
})
