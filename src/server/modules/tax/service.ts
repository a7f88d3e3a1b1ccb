import { dayIn } from '../../../shared/shop-dates/wall-time'
import {
  DEFAULT_TAX_SETTINGS,
  isUnitedStates,
  stateCode,
  TAX_MESSAGES,
  type TaxCalculation,
  type TaxSettings,
  taxSettingsSchema,
  zip5,
} from '../../../shared/tax/schema'
import type { DbOrTx } from '../../db/client'
import { invalid } from '../../errors'
import { readSetting, writeSetting } from '../settings/service'
import { calculateTax } from './calculate'
import { exemptionFor } from './exemptions'
import type { RateSource } from './rate-cache'
import { ratesInForce } from './rate-tables'

export const TAX_SETTING = 'tax'

export const readTaxSettings = (db: DbOrTx) =>
  readSetting(db, TAX_SETTING, taxSettingsSchema, DEFAULT_TAX_SETTINGS)

export const writeTaxSettings = (db: DbOrTx, settings: TaxSettings) => writeSetting(db, TAX_SETTING, settings)

export interface TaxQuoteInput {
  /** The shipping address as the shopper typed it: a state code or name, a ZIP. */
  destination: { state: string; zipCode: string; country?: string }
  /** Cents of goods after the order's discount. */
  goods: number
  shipping: number
  /** The shop's clock: the rate tables in force are those of its day. */
  timeZone: string
  /** When the order is placed; now unless told. */
  at?: Date
  /** The settings, when the caller has read them already. */
  settings?: TaxSettings
  /** The signed-in buyer, whose exemption certificate may apply. */
  userId?: number | null
  /** Where the rates come from: the cache checkout keeps, or the database. */
  rates?: RateSource
}

/** The tax on an order to this address today, from the owner's settings and the tables in force. */
export async function quoteTax(db: DbOrTx, input: TaxQuoteInput): Promise<TaxCalculation> {
  const settings = input.settings ?? (await readTaxSettings(db))
  if (!settings.enabled) return { tax: 0, lines: [], note: TAX_MESSAGES.off }
  const { country } = input.destination
  if (country !== undefined && !isUnitedStates(country))
    return { tax: 0, lines: [], note: TAX_MESSAGES.outsideUs }
  // While the shop collects, an address it cannot read is refused, never taxed at zero.
  const state = stateCode(input.destination.state)
  if (!state) throw invalid(TAX_MESSAGES.unreadableState, 'state')
  const registration = settings.registrations.find((entry) => entry.state === state)
  if (!registration) return { tax: 0, lines: [], note: TAX_MESSAGES.notRegistered(state) }
  const zipCode = zip5(input.destination.zipCode)
  if (!zipCode) throw invalid(TAX_MESSAGES.unreadableZip, 'zipCode')
  const fromOrigin = registration.sourcing === 'origin' && settings.origin.state === state
  const zips = fromOrigin ? [settings.origin.zipCode, zipCode] : [zipCode]
  const day = dayIn(input.timeZone, input.at)
  const [rows, exemption] = await Promise.all([
    (input.rates ?? ratesInForce)(db, state, day, zips),
    input.userId ? exemptionFor(db, input.userId, state, day) : undefined,
  ])
  const rowFor = (zip: string) => rows.find((row) => row.zipCode === zip)
  return calculateTax({
    settings,
    destination: { state, zipCode },
    goods: input.goods,
    shipping: input.shipping,
    originRow: fromOrigin ? rowFor(settings.origin.zipCode) : undefined,
    destinationRow: rowFor(zipCode),
    exemption,
  })
}
