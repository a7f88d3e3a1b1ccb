import {
  millionthsToRate,
  RATE_SCALE,
  rateToMillionths,
  stateName,
  TAX_MESSAGES,
  type TaxAddress,
  type TaxCalculation,
  type TaxLine,
  type TaxLineType,
  type TaxSettings,
} from '../../../shared/tax/schema'

// The shop's tax rules, pure: no database, no clock. The service (service.ts) finds the rows of
// the tables in force and hands them here; the golden tests (calculate.test.ts) hold the rules.

/** One ZIP's row of a rate table, rates in millionths (0.0625 → 62500). */
export interface RateRow {
  zipCode: string
  regionName: string
  stateRate: number
  countyRate: number
  cityRate: number
  specialRate: number
}

/** Texas caps local taxes at 2 % (Tax Code §321.101, §323.101): 20,000 millionths. */
export const TEXAS_LOCAL_CAP = 20_000

/** The Comptroller's order for adding the buyer's local taxes under the cap (34 TAC §3.334). */
const LOCAL_ORDER = ['city', 'county', 'special'] as const satisfies readonly TaxLineType[]
type LocalType = (typeof LOCAL_ORDER)[number]

const RATE_OF: Record<LocalType, (row: RateRow) => number> = {
  city: (row) => row.cityRate,
  county: (row) => row.countyRate,
  special: (row) => row.specialRate,
}

export interface TaxInput {
  settings: TaxSettings
  destination: TaxAddress
  /** Cents of goods after the order's discount. */
  goods: number
  shipping: number
  /** The origin ZIP's row in the origin state's table in force, when origin sourcing applies. */
  originRow?: RateRow
  destinationRow?: RateRow
  /** An exemption certificate on file for the buyer in this state, valid today. */
  exemption?: { certificateNumber: string }
}

/** Half-up to the cent: amounts and rates are non-negative integers, so this is exact. */
export function taxOn(taxable: number, rateMillionths: number): number {
  return Math.floor((taxable * rateMillionths + RATE_SCALE / 2) / RATE_SCALE)
}

const titleCase = (name: string) =>
  name
    .toLowerCase()
    .replace(/(^|[\s-])([a-z])/g, (_match, before: string, letter: string) => before + letter.toUpperCase())

const JURISDICTION_SUFFIX: Record<LocalType, string> = {
  city: 'city',
  county: 'county',
  special: 'special district',
}

interface Levy {
  jurisdiction: string
  type: TaxLineType
  rate: number
}

function localLevy(row: RateRow, type: LocalType): Levy | undefined {
  const rate = RATE_OF[type](row)
  if (rate <= 0) return undefined
  return { jurisdiction: `${titleCase(row.regionName)} ${JURISDICTION_SUFFIX[type]}`, type, rate }
}

const localLevies = (row: RateRow) =>
  LOCAL_ORDER.map((type) => localLevy(row, type)).filter((levy) => levy !== undefined)

/**
 * Texas sourcing for a seller located in Texas: the local taxes of the seller's own place, and,
 * where they total under 2 %, the buyer's local taxes added whole in the Comptroller's order, each
 * only if it fits under the cap. A destination in the seller's own region owes nothing more.
 */
function originLevies(
  origin: RateRow,
  destination: RateRow | undefined,
): { levies: Levy[]; missing: boolean } {
  const levies = localLevies(origin)
  let local = levies.reduce((sum, levy) => sum + levy.rate, 0)
  if (local >= TEXAS_LOCAL_CAP) return { levies, missing: false }
  if (!destination) return { levies, missing: true }
  if (destination.regionName === origin.regionName) return { levies, missing: false }
  for (const type of LOCAL_ORDER) {
    const levy = localLevy(destination, type)
    if (!levy || local + levy.rate > TEXAS_LOCAL_CAP) continue
    levies.push(levy)
    local += levy.rate
  }
  return { levies, missing: false }
}

/** The order's tax, a line per jurisdiction; the lines always add up to the tax. */
export function calculateTax(input: TaxInput): TaxCalculation {
  const { settings, destination } = input
  if (!settings.enabled) return { tax: 0, lines: [], note: TAX_MESSAGES.off }
  const registration = settings.registrations.find((entry) => entry.state === destination.state)
  if (!registration) return { tax: 0, lines: [], note: TAX_MESSAGES.notRegistered(destination.state) }
  if (input.exemption)
    return { tax: 0, lines: [], note: TAX_MESSAGES.exempt(input.exemption.certificateNumber) }

  const taxable = input.goods + (registration.shippingTaxable ? input.shipping : 0)
  const levies: Levy[] = [
    {
      jurisdiction: stateName(registration.state),
      type: 'state',
      rate: rateToMillionths(registration.stateRate),
    },
  ]
  let note: string | undefined
  const fromOrigin = registration.sourcing === 'origin' && settings.origin.state === registration.state
  if (fromOrigin && input.originRow) {
    const origin = originLevies(input.originRow, input.destinationRow)
    levies.push(...origin.levies)
    if (origin.missing) note = TAX_MESSAGES.fallback(destination.state, destination.zipCode)
  } else if (fromOrigin) {
    note = TAX_MESSAGES.originFallback(registration.state, settings.origin.zipCode)
  } else if (input.destinationRow) {
    levies.push(...localLevies(input.destinationRow))
  } else {
    note = TAX_MESSAGES.fallback(destination.state, destination.zipCode)
  }

  const lines: TaxLine[] = levies
    .filter((levy) => levy.rate > 0)
    .map((levy) => ({
      jurisdiction: levy.jurisdiction,
      type: levy.type,
      rate: millionthsToRate(levy.rate),
      taxable,
      tax: taxOn(taxable, levy.rate),
    }))
  const tax = lines.reduce((sum, line) => sum + line.tax, 0)
  return { tax, lines, ...(note ? { note, fallback: true } : {}) }
}
