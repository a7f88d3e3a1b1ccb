import { z } from 'zod'
import { timestamp } from '../wire'

// The owner's ZIP-level rate tables (issue 34): the file layout and the answers about a table.

/** The widely published free layout, one state a file, header word for word. */
export const RATE_TABLE_HEADER = [
  'State',
  'ZipCode',
  'TaxRegionName',
  'EstimatedCombinedRate',
  'StateRate',
  'EstimatedCountyRate',
  'EstimatedCityRate',
  'EstimatedSpecialRate',
  'RiskLevel',
] as const

/** A problem with one line of an uploaded file, for the owner to fix there. */
export interface LineError {
  line: number
  column: string
  message: string
}

/** One ZIP whose rates a new table changes, for the preview. */
export const rateChangeAnswer = z.object({
  zipCode: z.string(),
  regionName: z.string(),
  /** Combined rates as decimals; null where the ZIP is new or gone. */
  before: z.number().nullable(),
  after: z.number().nullable(),
})
export type RateChange = z.input<typeof rateChangeAnswer>

/** An uploaded table before it is applied: how it differs from the table in force on its date. */
export const rateTablePreviewAnswer = z.object({
  id: z.number().int(),
  state: z.string(),
  /** A day, YYYY-MM-DD. */
  effectiveFrom: z.string(),
  version: z.number().int(),
  rows: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  /** Up to 20 of the ZIPs added, changed or removed, for the owner to check. */
  sample: z.array(rateChangeAnswer),
})
export type RateTablePreview = z.input<typeof rateTablePreviewAnswer>

export const rateTableSummaryAnswer = z.object({
  id: z.number().int(),
  state: z.string(),
  effectiveFrom: z.string(),
  version: z.number().int(),
  status: z.enum(['preview', 'applied']),
  rows: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  createdAt: timestamp,
  appliedAt: timestamp.nullable(),
  /** The applied table orders into its state are taxed by today. */
  inForce: z.boolean(),
})
export type RateTableSummary = z.input<typeof rateTableSummaryAnswer>

/** A table whose effective date is older than this shows a warning on the dashboard. */
export const RATE_TABLE_STALE_DAYS = 100

/** The largest rate file accepted: a whole state's ZIPs fit in a few hundred kilobytes. */
export const MAX_RATE_TABLE_BYTES = 5 * 1024 * 1024
