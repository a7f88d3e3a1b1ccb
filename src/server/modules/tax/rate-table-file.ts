import { parse } from 'csv-parse/sync'
import type { LineError } from '../../../shared/tax/tables'
import { RATE_TABLE_HEADER } from '../../../shared/tax/tables'
import type { RateRow } from './calculate'

// The widely published free ZIP-level rate file (one state a file), read strictly: a table with
// one wrong row is refused whole with every row's problem, never applied in part.

const RATE_COLUMNS = [
  ['StateRate', 'stateRate'],
  ['EstimatedCountyRate', 'countyRate'],
  ['EstimatedCityRate', 'cityRate'],
  ['EstimatedSpecialRate', 'specialRate'],
] as const

/** A decimal rate with at most six decimals, in millionths; undefined when it is not one. */
function parseRate(text: string): number | undefined {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim())
  if (!match || (!match[1] && !match[2])) return undefined
  const [, whole = '', fraction = ''] = match
  // Published files pad with zeros past six decimals; a real seventh decimal is refused.
  if (/[1-9]/.test(fraction.slice(6))) return undefined
  const millionths = Number(whole || 0) * 1_000_000 + Number(fraction.slice(0, 6).padEnd(6, '0'))
  return millionths <= 1_000_000 ? millionths : undefined
}

const COLUMN = Object.fromEntries(RATE_TABLE_HEADER.map((name, index) => [name, index])) as Record<
  (typeof RATE_TABLE_HEADER)[number],
  number
>

/** One line's rates, or what is wrong with it. */
function parseRow(record: string[], state: string): RateRow | Omit<LineError, 'line'> {
  const cell = (name: (typeof RATE_TABLE_HEADER)[number]) => record[COLUMN[name]] ?? ''
  const fail = (column: string, message: string) => ({ column, message })
  if (cell('State').toUpperCase() !== state) return fail('State', `Every row must be for ${state}`)
  const zip = cell('ZipCode')
  // Spreadsheets drop leading zeros: 501 is 00501.
  if (!/^\d{3,5}$/.test(zip)) return fail('ZipCode', 'A ZIP code is five digits')
  const regionName = cell('TaxRegionName')
  if (!regionName) return fail('TaxRegionName', 'The region name is missing')
  const rates: Partial<Record<(typeof RATE_COLUMNS)[number][1], number>> = {}
  for (const [name, key] of RATE_COLUMNS) {
    const rate = parseRate(cell(name))
    if (rate === undefined) return fail(name, 'A rate is a decimal between 0 and 1, such as 0.0625')
    rates[key] = rate
  }
  const row: RateRow = {
    zipCode: zip.padStart(5, '0'),
    regionName: regionName.slice(0, 120),
    ...(rates as Omit<RateRow, 'zipCode' | 'regionName'>),
  }
  const combined = parseRate(cell('EstimatedCombinedRate'))
  const sum = row.stateRate + row.countyRate + row.cityRate + row.specialRate
  if (combined === undefined || Math.abs(combined - sum) > 1)
    return fail(
      'EstimatedCombinedRate',
      'The combined rate is not the sum of the state, county, city and special rates',
    )
  return row
}

export interface ParsedRateTable {
  rows: RateRow[]
  errors: LineError[]
}

/** The rows of one state's file, or every line's problem. */
export function parseRateTable(text: string, state: string): ParsedRateTable {
  let records: string[][]
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    })
  } catch (error) {
    return {
      rows: [],
      errors: [{ line: 1, column: '', message: `The file is not a CSV file: ${(error as Error).message}` }],
    }
  }
  const [header, ...body] = records
  if (!header || header.join(',') !== RATE_TABLE_HEADER.join(','))
    return {
      rows: [],
      errors: [
        { line: 1, column: '', message: `The first line must be the header ${RATE_TABLE_HEADER.join(',')}` },
      ],
    }
  if (body.length === 0)
    return { rows: [], errors: [{ line: 2, column: '', message: 'The file holds no rates' }] }

  const rows: RateRow[] = []
  const errors: LineError[] = []
  const seen = new Set<string>()
  body.forEach((record, index) => {
    const line = index + 2
    const row = parseRow(record, state)
    if ('message' in row) errors.push({ line, ...row })
    else if (seen.has(row.zipCode))
      errors.push({ line, column: 'ZipCode', message: `ZIP ${row.zipCode} is listed twice` })
    else {
      seen.add(row.zipCode)
      rows.push(row)
    }
  })
  return { rows, errors }
}
