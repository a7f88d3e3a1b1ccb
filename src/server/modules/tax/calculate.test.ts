import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_TAX_SETTINGS, type TaxRegistration, type TaxSettings } from '../../../shared/tax/schema'
import { HOUSTON_ORIGIN, HOUSTON_SETTINGS, TEXAS_REGISTRATION as TEXAS } from '../../test/tax-kit'
import { calculateTax, type RateRow, taxOn } from './calculate'

const settings = (overrides: Partial<TaxSettings> = {}): TaxSettings => ({
  ...HOUSTON_SETTINGS,
  ...overrides,
})

const row = (zipCode: string, regionName: string, local: Partial<RateRow>): RateRow => ({
  zipCode,
  regionName,
  stateRate: 62_500,
  countyRate: 0,
  cityRate: 0,
  specialRate: 0,
  ...local,
})

// Houston: city 1 % and METRO transit 1 %, the 2 % cap reached at the origin.
const HOUSTON = row('77002', 'HOUSTON', { cityRate: 10_000, specialRate: 10_000 })
const AUSTIN = row('78701', 'AUSTIN', { cityRate: 10_000, specialRate: 10_000 })
const RURAL = row('79830', 'ALPINE', { countyRate: 5_000, cityRate: 15_000 })

describe('Texas, origin-sourced', () => {
  it('charges 8.25 % on every Texas address from a Houston origin, shipping included', () => {
    for (const destinationRow of [AUSTIN, RURAL, undefined]) {
      const result = calculateTax({
        settings: settings(),
        destination: { state: 'TX', zipCode: destinationRow?.zipCode ?? '75001' },
        goods: 100_000,
        shipping: 695,
        originRow: HOUSTON,
        destinationRow,
      })
      expect(result.lines.map((line) => [line.jurisdiction, line.type, line.rate])).toEqual([
        ['Texas', 'state', 0.0625],
        ['Houston city', 'city', 0.01],
        ['Houston special district', 'special', 0.01],
      ])
      expect(result.lines.every((line) => line.taxable === 100_695)).toBe(true)
      // 100,695 × 8.25 % = 8,307.3375 → 6,293.44 + 1,006.95 + 1,006.95 per jurisdiction.
      expect(result.tax).toBe(6_293 + 1_007 + 1_007)
      expect(result.fallback).toBeUndefined()
    }
  })

  it('tops an origin with 1.5 % local tax up with the buyer’s local taxes that fit under the 2 % cap', () => {
    const origin = row('77401', 'BELLAIRE', { cityRate: 10_000, countyRate: 5_000 })
    const destination = row('78701', 'AUSTIN', { cityRate: 10_000, countyRate: 5_000, specialRate: 10_000 })
    const result = calculateTax({
      settings: settings({ origin: { ...HOUSTON_ORIGIN, zipCode: '77401' } }),
      destination: { state: 'TX', zipCode: '78701' },
      goods: 20_000,
      shipping: 0,
      originRow: origin,
      destinationRow: destination,
    })
    // Austin's city tax (1 %) would pass the cap and is not collected in part; its county's 0.5 % fits.
    expect(result.lines.map((line) => [line.jurisdiction, line.rate])).toEqual([
      ['Texas', 0.0625],
      ['Bellaire city', 0.01],
      ['Bellaire county', 0.005],
      ['Austin county', 0.005],
    ])
    expect(result.tax).toBe(1_250 + 200 + 100 + 100)
  })

  it('adds nothing for a buyer in the origin’s own region', () => {
    const origin = row('77401', 'BELLAIRE', { cityRate: 10_000 })
    const result = calculateTax({
      settings: settings({ origin: { ...HOUSTON_ORIGIN, zipCode: '77401' } }),
      destination: { state: 'TX', zipCode: '77401' },
      goods: 10_000,
      shipping: 0,
      originRow: origin,
      destinationRow: origin,
    })
    expect(result.lines.map((line) => line.jurisdiction)).toEqual(['Texas', 'Bellaire city'])
  })

  it('flags a top-up it could not look up, never taxing less than the state and origin', () => {
    const origin = row('77401', 'BELLAIRE', { cityRate: 10_000 })
    const result = calculateTax({
      settings: settings({ origin: { ...HOUSTON_ORIGIN, zipCode: '77401' } }),
      destination: { state: 'TX', zipCode: '75001' },
      goods: 10_000,
      shipping: 0,
      originRow: origin,
    })
    expect(result.tax).toBe(625 + 100)
    expect(result).toMatchObject({ fallback: true, note: expect.stringContaining('75001') })
  })
})

describe('where the shop does not collect', () => {
  it('gives 0 and says why for an out-of-state order with no registration', () => {
    const result = calculateTax({
      settings: settings(),
      destination: { state: 'CA', zipCode: '94103' },
      goods: 50_000,
      shipping: 695,
    })
    expect(result).toEqual({
      tax: 0,
      lines: [],
      note: 'No sales tax: the shop does not collect tax in California',
    })
  })

  it('gives 0 while tax is off', () => {
    const result = calculateTax({
      settings: DEFAULT_TAX_SETTINGS,
      destination: { state: 'TX', zipCode: '77002' },
      goods: 50_000,
      shipping: 0,
      originRow: HOUSTON,
    })
    expect(result).toEqual({ tax: 0, lines: [], note: 'Sales tax is not collected' })
  })

  it('gives 0 to an exempt buyer and keeps the certificate as the reason', () => {
    const result = calculateTax({
      settings: settings(),
      destination: { state: 'TX', zipCode: '77002' },
      goods: 50_000,
      shipping: 0,
      originRow: HOUSTON,
      exemption: { certificateNumber: 'RS-1234' },
    })
    expect(result).toEqual({ tax: 0, lines: [], note: 'Tax exempt: certificate RS-1234' })
  })
})

describe('destination-sourced states', () => {
  const colorado: TaxRegistration = {
    state: 'CO',
    permitNumber: 'CO-1',
    sourcing: 'destination',
    shippingTaxable: false,
    stateRate: 0.029,
  }
  const denver = row('80202', 'DENVER', { stateRate: 29_000, cityRate: 51_500, specialRate: 11_000 })

  it('uses the ZIP’s row, leaving untaxed shipping out', () => {
    const result = calculateTax({
      settings: settings({ registrations: [TEXAS, colorado] }),
      destination: { state: 'CO', zipCode: '80202' },
      goods: 10_000,
      shipping: 1_000,
      destinationRow: denver,
    })
    expect(result.lines).toEqual([
      { jurisdiction: 'Colorado', type: 'state', rate: 0.029, taxable: 10_000, tax: 290 },
      { jurisdiction: 'Denver city', type: 'city', rate: 0.0515, taxable: 10_000, tax: 515 },
      { jurisdiction: 'Denver special district', type: 'special', rate: 0.011, taxable: 10_000, tax: 110 },
    ])
    expect(result.tax).toBe(915)
  })

  it('falls back to the state rate for a ZIP the table lacks, and flags it', () => {
    const result = calculateTax({
      settings: settings({ registrations: [TEXAS, colorado] }),
      destination: { state: 'CO', zipCode: '81000' },
      goods: 10_000,
      shipping: 0,
    })
    expect(result.tax).toBe(290)
    expect(result.fallback).toBe(true)
    expect(result.note).toBe('ZIP 81000 is not in the Colorado rate table: the state rate stood in')
  })
})

describe('amounts', () => {
  it('rounds half up to the cent', () => {
    expect(taxOn(8, 62_500)).toBe(1) // 0.5 → 1
    expect(taxOn(7, 62_500)).toBe(0) // 0.4375 → 0
    expect(taxOn(24, 62_500)).toBe(2) // 1.5 → 2
  })

  it('taxes what is left after a discount', () => {
    const base = {
      settings: settings(),
      destination: { state: 'TX', zipCode: '77002' },
      shipping: 0,
      originRow: HOUSTON,
    }
    expect(calculateTax({ ...base, goods: 36_000 }).tax).toBe(2_970)
    expect(calculateTax({ ...base, goods: 32_400 }).tax).toBe(2_673)
  })

  it('adds every jurisdiction’s tax up to the order’s, over random carts and tables', () => {
    const rate = fc.integer({ min: 0, max: 30_000 })
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.record({ cityRate: rate, countyRate: rate, specialRate: rate }),
        fc.record({ cityRate: rate, countyRate: rate, specialRate: rate }),
        (goods, shipping, originRates, destinationRates) => {
          const result = calculateTax({
            settings: settings(),
            destination: { state: 'TX', zipCode: '78701' },
            goods,
            shipping,
            originRow: row('77002', 'ORIGIN', originRates),
            destinationRow: row('78701', 'DESTINATION', destinationRates),
          })
          expect(result.lines.reduce((sum, line) => sum + line.tax, 0)).toBe(result.tax)
          const local = result.lines.filter((line) => line.type !== 'state')
          const originLocal = originRates.cityRate + originRates.countyRate + originRates.specialRate
          // Past the origin's own taxes, the cap is never crossed.
          const localRate = local.reduce((sum, line) => sum + Math.round(line.rate * 1_000_000), 0)
          expect(localRate).toBeLessThanOrEqual(Math.max(originLocal, 20_000))
          for (const line of result.lines) {
            expect(line.taxable).toBe(goods + shipping)
            expect(Math.abs(line.tax - line.taxable * line.rate)).toBeLessThanOrEqual(0.5 + 1e-9)
          }
        },
      ),
    )
  })
})
