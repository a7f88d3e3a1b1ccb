import { z } from 'zod'
import { US_STATES } from '../checkout/us-states'

// US sales tax (issue 34): the owner's settings, the calculator's request and answer. Rates travel
// as decimals (0.0625) in the API and are kept as whole millionths (62500) everywhere they are
// computed with, so a tax is integer arithmetic and exact to the cent.

export const RATE_SCALE = 1_000_000

/** 0.0625 → 62500; a rate has at most six decimals (the published tables' precision). */
export const rateToMillionths = (rate: number) => Math.round(rate * RATE_SCALE)
export const millionthsToRate = (millionths: number) => millionths / RATE_SCALE

/** "6.25%" */
export const formatRate = (rate: number) =>
  `${(rate * 100).toLocaleString('en-US', { maximumFractionDigits: 4 })}%`

const STATE_CODES = new Set(US_STATES.map(([code]) => code))
const STATE_BY_NAME = new Map(US_STATES.map(([code, name]) => [name.toLowerCase(), code]))

/** "United States", "USA", "U.S.", "America"...: the one reading of a country every path shares. */
export const isUnitedStates = (country: string) =>
  /^(u\.?s\.?(a\.?)?|united states( of america)?|america)$/i.test(country.trim())

/** 'TX', 'tx' or 'Texas' → 'TX'; anything else → undefined. */
export function stateCode(value: string): string | undefined {
  const trimmed = value.trim()
  const upper = trimmed.toUpperCase()
  if (STATE_CODES.has(upper)) return upper
  return STATE_BY_NAME.get(trimmed.toLowerCase())
}

export const stateName = (code: string) => US_STATES.find(([state]) => state === code)?.[1] ?? code

/** The five-digit ZIP of '77002' or '77002-1234'; undefined for anything else. */
export function zip5(value: string): string | undefined {
  return /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(value)?.[1]
}

const stateField = z
  .string({ error: 'State is required' })
  .trim()
  .min(1, 'State is required')
  .refine((value) => stateCode(value) !== undefined, 'Enter a US state')
  .transform((value) => stateCode(value)!)

const rateField = (label: string) =>
  z
    .number({ error: `${label} is a decimal rate, such as 0.0625` })
    .min(0, `${label} cannot be negative`)
    .max(0.2, `${label} above 20% is surely a typo: rates are decimals, such as 0.0625`)
    .refine((rate) => Math.abs(rate * RATE_SCALE - Math.round(rate * RATE_SCALE)) < 1e-6, {
      message: `${label} has at most six decimals`,
    })

export const TAX_SOURCING = ['origin', 'destination'] as const
export type TaxSourcing = (typeof TAX_SOURCING)[number]

export const taxRegistrationSchema = z.object({
  state: stateField,
  permitNumber: z
    .string({ error: 'Permit number is required' })
    .trim()
    .min(1, 'Permit number is required')
    .max(60),
  sourcing: z.enum(TAX_SOURCING, { error: "Sourcing is 'origin' or 'destination'" }),
  shippingTaxable: z.boolean({ error: 'Say whether shipping is taxable' }),
  stateRate: rateField('The state rate'),
})
export type TaxRegistration = z.infer<typeof taxRegistrationSchema>

export const taxOriginSchema = z.object({
  address: z.string().trim().max(200).default(''),
  city: z.string().trim().max(100).default(''),
  state: z.union([z.literal(''), stateField]).default(''),
  zipCode: z
    .string()
    .trim()
    .max(10)
    .refine((value) => value === '' || zip5(value) !== undefined, 'Enter a five-digit ZIP code')
    .transform((value) => (value === '' ? '' : zip5(value)!))
    .default(''),
})
export type TaxOrigin = z.infer<typeof taxOriginSchema>

export const taxSettingsSchema = z
  .object({
    enabled: z.boolean({ error: 'Collect sales tax must be on or off' }),
    origin: taxOriginSchema,
    registrations: z.array(taxRegistrationSchema).max(60),
    /** Economic-nexus thresholds by state, in cents, where not the usual $100,000 (the nexus watch). */
    nexusThresholds: z
      .record(
        z.string().refine((value) => stateCode(value) === value, 'Thresholds are by state code, such as TX'),
        z.number().int().positive('A threshold is more than $0'),
      )
      .optional(),
  })
  .superRefine((settings, context) => {
    const seen = new Set<string>()
    settings.registrations.forEach((registration, index) => {
      if (seen.has(registration.state))
        context.addIssue({
          code: 'custom',
          path: ['registrations', index, 'state'],
          message: `${stateName(registration.state)} is listed twice`,
        })
      seen.add(registration.state)
      if (registration.sourcing === 'origin' && registration.state !== settings.origin.state)
        context.addIssue({
          code: 'custom',
          path: ['registrations', index, 'sourcing'],
          message: `Origin sourcing needs the shop's origin in ${stateName(registration.state)}`,
        })
    })
    if (settings.enabled && settings.registrations.length > 0 && !settings.origin.zipCode)
      context.addIssue({
        code: 'custom',
        path: ['origin', 'zipCode'],
        message: "Enter the shop's origin address before collecting tax",
      })
  })
export type TaxSettings = z.infer<typeof taxSettingsSchema>

/** Off until the owner turns it on: total = subtotal − discount + shipping stands (storefront.md). */
export const DEFAULT_TAX_SETTINGS: TaxSettings = {
  enabled: false,
  origin: { address: '', city: '', state: '', zipCode: '' },
  registrations: [],
}

const cents = z.number({ error: 'Amounts are in cents' }).int().min(0)

export const taxAddressSchema = z.object({
  state: stateField,
  zipCode: z
    .string({ error: 'ZIP code is required' })
    .trim()
    .refine((value) => zip5(value) !== undefined, 'Enter a five-digit ZIP code')
    .transform((value) => zip5(value)!),
})
export type TaxAddress = z.infer<typeof taxAddressSchema>

export const calculateTaxRequestSchema = z.object({
  items: z
    .array(
      z.object({
        productId: z.number().int().positive(),
        quantity: z.number().int().min(1).max(100),
        price: cents,
      }),
      { error: 'Your cart is empty' },
    )
    .min(1, 'Your cart is empty')
    .max(50),
  discountCode: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => value || undefined),
  shippingCost: cents,
  address: taxAddressSchema.extend({ country: z.string().trim().max(60).optional() }),
})
export type CalculateTaxRequest = z.input<typeof calculateTaxRequestSchema>

export const TAX_LINE_TYPES = ['state', 'county', 'city', 'special'] as const
export type TaxLineType = (typeof TAX_LINE_TYPES)[number]

/** One jurisdiction's share of an order's tax, kept with the order as it was computed. */
export const taxLineSchema = z.object({
  jurisdiction: z.string(),
  type: z.enum(TAX_LINE_TYPES),
  /** Decimal, 0.0625. */
  rate: z.number(),
  /** Cents the rate applies to. */
  taxable: z.number().int(),
  /** Cents, rounded half-up once for the order and this jurisdiction. */
  tax: z.number().int(),
})
export type TaxLine = z.input<typeof taxLineSchema>

/** `POST /api/calculate-tax`'s answer (tax/contract.ts). */
export const taxCalculationSchema = z.object({
  tax: z.number().int(),
  lines: z.array(taxLineSchema),
  /** Why there is no tax, or that a state rate stood in for a ZIP missing from the table. */
  note: z.string().optional(),
  /** True when the state rate stood in for a ZIP the table does not hold: flagged for the owner. */
  fallback: z.boolean().optional(),
})
export type TaxCalculation = z.input<typeof taxCalculationSchema>

/**
 * Where the back office opens a buyer's certificate file: `/api/admin/tax-certificates/<name>`,
 * a random name the upload gave it. The file is private (tax IDs, addresses, signatures): never
 * under `/uploads/`, only served to a member who may see customers.
 */
export const TAX_CERTIFICATE_PATH = '/api/admin/tax-certificates/'
export const TAX_CERTIFICATE_NAME = /^[0-9a-f]{32}\.(pdf|jpg|png|webp|heic)$/
export const TAX_CERTIFICATE_URL = /^\/api\/admin\/tax-certificates\/[0-9a-f]{32}\.(pdf|jpg|png|webp|heic)$/

/** `PUT /api/admin/users/:id/tax-exemption`: a resale or exemption certificate on the account. */
export const taxExemptionSchema = z.object({
  certificateNumber: z
    .string({ error: 'Certificate number is required' })
    .trim()
    .min(1, 'Certificate number is required')
    .max(60),
  state: stateField,
  expiresOn: z
    .string({ error: 'Expiry is a date (YYYY-MM-DD)' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expiry is a date (YYYY-MM-DD)')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'Expiry is a date (YYYY-MM-DD)'),
  /** The certificate's file, as the upload answered it (or the exemption's own, kept). */
  fileUrl: z
    .string()
    .trim()
    .regex(TAX_CERTIFICATE_URL, 'The certificate file must be one uploaded here')
    .optional(),
})
export type TaxExemptionInput = z.infer<typeof taxExemptionSchema>

/** The certificate on an account; `expiresOn` is a day (YYYY-MM-DD). */
export const taxExemptionAnswer = z.object({
  certificateNumber: z.string(),
  state: z.string(),
  expiresOn: z.string(),
  /** Where the back office opens the certificate's file (TAX_CERTIFICATE_PATH), or null. */
  fileUrl: z.string().nullable(),
})
export type TaxExemption = z.input<typeof taxExemptionAnswer>

export const TAX_MESSAGES = {
  off: 'Sales tax is not collected',
  notRegistered: (state: string) => `No sales tax: the shop does not collect tax in ${stateName(state)}`,
  fallback: (state: string, zipCode: string) =>
    `ZIP ${zipCode} is not in the ${stateName(state)} rate table: the state rate stood in`,
  originFallback: (state: string, zipCode: string) =>
    `The shop's ZIP ${zipCode} is not in the ${stateName(state)} rate table: the state rate stood in`,
  exempt: (certificateNumber: string) => `Tax exempt: certificate ${certificateNumber}`,
  noOrigin: "No sales tax: the shop's origin address is not set",
  outsideUs: 'No sales tax on orders shipped outside the United States',
  unreadableState: 'Choose a US state so sales tax can be calculated',
  unreadableZip: 'Enter a five-digit ZIP code so sales tax can be calculated',
  saved: 'Tax settings saved',
} as const
