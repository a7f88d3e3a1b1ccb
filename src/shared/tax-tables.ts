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
export interface RateChange {
  zipCode: string
  regionName: string
  /** Combined rates as decimals; null where the ZIP is new or gone. */
  before: number | null
  after: number | null
}

/** An uploaded table before it is applied: how it differs from the table in force on its date. */
export interface RateTablePreview {
  id: number
  state: string
  effectiveFrom: string
  version: number
  rows: number
  added: number
  changed: number
  removed: number
  /** Up to 20 of the ZIPs added, changed or removed, for the owner to check. */
  sample: RateChange[]
}

export interface RateTableSummary {
  id: number
  state: string
  effectiveFrom: string
  version: number
  status: 'preview' | 'applied'
  rows: number
  added: number
  changed: number
  removed: number
  createdAt: string
  appliedAt: string | null
  /** The applied table orders into its state are taxed by today. */
  inForce: boolean
}

/** A table whose effective date is older than this shows a warning on the dashboard. */
export const RATE_TABLE_STALE_DAYS = 100

/** The largest rate file accepted: a whole state's ZIPs fit in a few hundred kilobytes. */
export const MAX_RATE_TABLE_BYTES = 5 * 1024 * 1024
