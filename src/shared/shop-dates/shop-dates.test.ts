import { afterEach, describe, expect, it } from 'vitest'
import { addDays, addMonths, formatDay, formatMonth } from './calendar'
import { formatDateTime, formatDeadline } from './date-time'
import { formatDate } from './format'
import { dayIn, formatCsvDateTime, instantToWallTime, wallTimeToInstant } from './wall-time'

const CHICAGO = 'America/Chicago'

describe('an instant, written on the shop’s clock', () => {
  it('in the shop’s date-and-time format, with the zone named when asked', () => {
    const iso = '2026-01-15T04:05:00Z'
    expect(formatDateTime(iso, CHICAGO, { zoneName: true })).toBe('Jan 14, 2026 10:05 PM CST')
    expect(formatDateTime(iso, CHICAGO)).toBe('Jan 14, 2026 10:05 PM')
    expect(formatDateTime(new Date('2026-07-04T17:30:00Z'), CHICAGO, { zoneName: true })).toBe(
      'Jul 4, 2026 12:30 PM CDT',
    )
    // The same instant for an owner reading it in Tokyo is still the shop's evening.
    expect(formatDate(iso, CHICAGO)).toBe('Jan 14, 2026')
    expect(formatDate(iso, 'Asia/Tokyo')).toBe('Jan 15, 2026')
    expect(formatDate(iso, CHICAGO, { long: true })).toBe('January 14, 2026')
  })

  it('as a deadline, the way e-mails and pages give it', () => {
    expect(formatDeadline('2026-11-26T21:00:00.000Z', CHICAGO)).toBe('Thursday, November 26 at 3:00 PM CST')
  })

  it('in a CSV cell, on a 24-hour clock that starts its day at 00', () => {
    expect(formatCsvDateTime('2026-03-15T05:30:00Z', CHICAGO)).toBe('2026-03-15 00:30')
    expect(formatCsvDateTime('2026-03-15T04:30:00Z', CHICAGO)).toBe('2026-03-14 23:30')
  })

  it('reads a missing zone as the default shop zone, never the machine’s', () => {
    expect(formatDateTime('2026-01-15T04:05:00Z', undefined, { zoneName: true })).toBe(
      'Jan 14, 2026 10:05 PM CST',
    )
    expect(dayIn(undefined, '2026-01-15T04:05:00Z')).toBe('2026-01-14')
  })

  it('reads a zone this runtime does not know as UTC, and names it', () => {
    expect(formatDateTime('2026-01-15T04:05:00Z', 'Not/AZone', { zoneName: true })).toBe(
      'Jan 15, 2026 4:05 AM UTC',
    )
  })
})

describe('clock changes in the shop’s zone', () => {
  // 2026: Chicago springs forward on March 8 at 2:00 (08:00 UTC), falls back on November 1 at 2:00 (07:00 UTC).
  it('names the zone on either side of each change', () => {
    expect(formatDateTime('2026-03-08T07:59:00Z', CHICAGO, { zoneName: true })).toBe(
      'Mar 8, 2026 1:59 AM CST',
    )
    expect(formatDateTime('2026-03-08T08:00:00Z', CHICAGO, { zoneName: true })).toBe(
      'Mar 8, 2026 3:00 AM CDT',
    )
    expect(formatDateTime('2026-11-01T06:30:00Z', CHICAGO, { zoneName: true })).toBe(
      'Nov 1, 2026 1:30 AM CDT',
    )
    expect(formatDateTime('2026-11-01T07:30:00Z', CHICAGO, { zoneName: true })).toBe(
      'Nov 1, 2026 1:30 AM CST',
    )
  })

  it('starts each day at the shop’s midnight, whichever offset it has', () => {
    // Midnight before the spring change is 06:00 UTC; the next midnight, after it, 05:00 UTC.
    expect(dayIn(CHICAGO, '2026-03-08T05:59:59Z')).toBe('2026-03-07')
    expect(dayIn(CHICAGO, '2026-03-08T06:00:00Z')).toBe('2026-03-08')
    expect(dayIn(CHICAGO, '2026-03-09T04:59:59Z')).toBe('2026-03-08')
    expect(dayIn(CHICAGO, '2026-03-09T05:00:00Z')).toBe('2026-03-09')
    // And back again in autumn.
    expect(dayIn(CHICAGO, '2026-11-02T05:59:59Z')).toBe('2026-11-01')
    expect(dayIn(CHICAGO, '2026-11-02T06:00:00Z')).toBe('2026-11-02')
  })

  it('turns a wall-clock time into the right instant, in summer and in winter', () => {
    expect(wallTimeToInstant({ date: '2031-07-04', time: '09:00' }, CHICAGO).toISOString()).toBe(
      '2031-07-04T14:00:00.000Z',
    )
    expect(wallTimeToInstant({ date: '2031-01-15', time: '09:00' }, CHICAGO).toISOString()).toBe(
      '2031-01-15T15:00:00.000Z',
    )
    expect(wallTimeToInstant({ date: '2031-01-15', time: '23:30' }, 'Asia/Tokyo').toISOString()).toBe(
      '2031-01-15T14:30:00.000Z',
    )
  })

  it('reads an instant back as the same wall-clock time', () => {
    const instant = wallTimeToInstant({ date: '2031-11-02', time: '18:45' }, 'America/Los_Angeles')
    expect(instantToWallTime(instant, 'America/Los_Angeles')).toEqual({ date: '2031-11-02', time: '18:45' })
    expect(instantToWallTime('2031-07-04T14:00:00Z', CHICAGO)).toEqual({ date: '2031-07-04', time: '09:00' })
    expect(instantToWallTime('2031-07-04T05:00:00Z', CHICAGO)).toEqual({ date: '2031-07-04', time: '00:00' })
  })

  it('settles the hours a clock change skips or repeats', () => {
    // 2031-03-09 02:30 does not exist in Chicago (clocks jump from 2:00 to 3:00).
    const skipped = wallTimeToInstant({ date: '2031-03-09', time: '02:30' }, CHICAGO)
    expect(instantToWallTime(skipped, CHICAGO).time).toBe('03:30')
    // 2031-11-02 01:30 happens twice; the first is meant.
    const repeated = wallTimeToInstant({ date: '2031-11-02', time: '01:30' }, CHICAGO)
    expect(repeated.toISOString()).toBe('2031-11-02T06:30:00.000Z')
  })
})

describe('the shop’s calendar', () => {
  it('gives the shop’s day at a month’s end, wherever the reader is', () => {
    // 23:30 on January 31 in Chicago is already February 1 in UTC and in Tokyo.
    const lateJanuary = '2026-02-01T05:30:00Z'
    expect(dayIn(CHICAGO, lateJanuary)).toBe('2026-01-31')
    expect(dayIn('Asia/Tokyo', lateJanuary)).toBe('2026-02-01')
    expect(formatDate(lateJanuary, CHICAGO)).toBe('Jan 31, 2026')
    expect(formatCsvDateTime(lateJanuary, CHICAGO)).toBe('2026-01-31 23:30')
    // New Year's Eve likewise.
    expect(dayIn(CHICAGO, '2027-01-01T05:59:00Z')).toBe('2026-12-31')
  })

  it('moves by days across months, years and leap days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    // A calendar day has no zone: the spring change does not shorten it.
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09')
  })

  it('moves by months, keeping the day or taking the month’s last', () => {
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15')
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29')
    expect(addMonths('2026-01-31', 3)).toBe('2026-04-30')
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28')
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15')
    expect(addMonths('2026-01-01', -1)).toBe('2025-12-01')
  })

  it('writes a day the same in every zone', () => {
    expect(formatDay('2026-03-01')).toBe('Mar 1, 2026')
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026')
    expect(formatDay('2099-03-01', { long: true })).toBe('March 1, 2099')
    expect(formatMonth('2026-03')).toBe('Mar ’26')
    expect(formatMonth('2030-12')).toBe('Dec ’30')
  })
})

describe('unreadable input', () => {
  it('is written as nothing', () => {
    for (const bad of ['nonsense', '', new Date(Number.NaN)]) {
      expect(formatDateTime(bad, CHICAGO)).toBe('')
      expect(formatDate(bad, CHICAGO)).toBe('')
      expect(formatDate(bad, CHICAGO, { long: true })).toBe('')
      expect(formatDeadline(bad, CHICAGO)).toBe('')
      expect(formatCsvDateTime(bad, CHICAGO)).toBe('')
    }
    for (const bad of ['bad', '2026-02-30', '2026-13-01', '2026-3-1', '']) {
      expect(formatDay(bad)).toBe('')
      expect(formatDay(bad, { long: true })).toBe('')
    }
    expect(formatMonth('2026-13')).toBe('')
  })

  it('is refused where a day or an instant is computed from it', () => {
    expect(() => dayIn(CHICAGO, 'nonsense')).toThrow(RangeError)
    expect(() => instantToWallTime('nonsense', CHICAGO)).toThrow(RangeError)
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError)
    expect(() => addMonths('tomorrow', 1)).toThrow(RangeError)
    expect(() => wallTimeToInstant({ date: '2026-02-30', time: '09:00' }, CHICAGO)).toThrow(RangeError)
    expect(() => wallTimeToInstant({ date: '2026-03-01', time: '24:00' }, CHICAGO)).toThrow(RangeError)
  })
})

describe('the formatters', () => {
  const Original = Intl.DateTimeFormat
  afterEach(() => {
    Intl.DateTimeFormat = Original
  })

  it('are made once per style and zone', () => {
    let made = 0
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args)
        made += 1
      }
    } as typeof Original
    for (const iso of ['2026-01-15T04:05:00Z', '2026-06-15T04:05:00Z', '2026-09-15T04:05:00Z'])
      formatDateTime(iso, 'Pacific/Chatham', { zoneName: true })
    expect(made).toBe(1)
    formatDate('2026-01-15T04:05:00Z', 'Pacific/Chatham')
    expect(made).toBe(2)
  })
})
