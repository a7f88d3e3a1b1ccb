import { describe, expect, it } from 'vitest'
import { formatShopTime, instantToWallTime, wallTimeToInstant } from './shop-time'

describe('wall-clock times in the shop’s time zone', () => {
  it('turns a Chicago morning into the right instant, in summer and in winter', () => {
    expect(wallTimeToInstant({ date: '2031-07-04', time: '09:00' }, 'America/Chicago').toISOString()).toBe(
      '2031-07-04T14:00:00.000Z',
    )
    expect(wallTimeToInstant({ date: '2031-01-15', time: '09:00' }, 'America/Chicago').toISOString()).toBe(
      '2031-01-15T15:00:00.000Z',
    )
    expect(wallTimeToInstant({ date: '2031-01-15', time: '23:30' }, 'Asia/Tokyo').toISOString()).toBe(
      '2031-01-15T14:30:00.000Z',
    )
  })

  it('reads an instant back as the same wall-clock time', () => {
    const instant = wallTimeToInstant({ date: '2031-11-02', time: '18:45' }, 'America/Los_Angeles')
    expect(instantToWallTime(instant, 'America/Los_Angeles')).toEqual({ date: '2031-11-02', time: '18:45' })
    expect(instantToWallTime('2031-07-04T14:00:00Z', 'America/Chicago')).toEqual({
      date: '2031-07-04',
      time: '09:00',
    })
  })

  it('settles the hours a clock change skips or repeats', () => {
    // 2031-03-09 02:30 does not exist in Chicago (clocks jump from 2:00 to 3:00).
    const skipped = wallTimeToInstant({ date: '2031-03-09', time: '02:30' }, 'America/Chicago')
    expect(instantToWallTime(skipped, 'America/Chicago').time).toBe('03:30')
    // 2031-11-02 01:30 happens twice; the first is meant.
    const repeated = wallTimeToInstant({ date: '2031-11-02', time: '01:30' }, 'America/Chicago')
    expect(repeated.toISOString()).toBe('2031-11-02T06:30:00.000Z')
  })
})

describe('an instant as the owner reads it', () => {
  it('is written in the shop’s zone, with the zone named', () => {
    expect(formatShopTime('2031-07-04T14:00:00Z', 'America/Chicago')).toBe('Jul 4, 2031, 9:00 AM CDT')
  })
})
