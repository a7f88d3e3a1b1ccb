import { CsvError, parse } from 'csv-parse/sync'

// The import's CSV, read by csv-parse (RFC 4180: quotes, doubled quotes, CRLF or LF, line breaks
// inside quoted cells, a UTF-8 byte-order mark), with what the error messages need kept: each
// record's row number as a spreadsheet shows it. The whole file is at most IMPORT_MAX_BYTES.

export interface CsvRecord {
  /** The header is row 1, the first record row 2; a cell spanning lines does not shift the count. */
  row: number
  cells: string[]
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message)
  }
}

export function readCsv(text: string): CsvRecord[] {
  try {
    const records = parse(text, {
      bom: true,
      relax_column_count: true,
      // A quote inside an unquoted cell is a character (6" bangle), as spreadsheets write it.
      relax_quotes: true,
      // A blank line is no record (spreadsheets leave them at the end).
      skip_empty_lines: true,
    }) as string[][]
    return records.map((cells, index) => ({ row: index + 1, cells }))
  } catch (error) {
    if (error instanceof CsvError) {
      const row = (error as CsvError & { records?: number }).records ?? 0
      const message =
        error.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'A quoted cell is never closed (a " is missing)'
          : error.message
      throw new CsvSyntaxError(row + 1, message)
    }
    throw error
  }
}
