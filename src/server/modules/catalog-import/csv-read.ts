import { createReadStream } from 'node:fs'
import { CsvError, type Options, parse } from 'csv-parse'

// The import's CSV, read by csv-parse (RFC 4180: quotes, doubled quotes, CRLF or LF, line breaks
// inside quoted cells, a UTF-8 byte-order mark), with what the error messages need kept: each
// record's row number as a spreadsheet shows it. Records come one at a time: the import never holds
// a whole file's records (issue 37: 10,000 products need no more memory than 100).

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

const OPTIONS: Options = {
  bom: true,
  relax_column_count: true,
  // A quote inside an unquoted cell is a character (6" bangle), as spreadsheets write it.
  relax_quotes: true,
  // A blank line is no record (spreadsheets leave them at the end).
  skip_empty_lines: true,
}

/**
 * The file's records in order, the header first; a syntax error is a CsvSyntaxError. The file is
 * read in small chunks: the parser turns a chunk into records all at once, whatever the consumer.
 */
export async function* readCsv(file: string): AsyncGenerator<CsvRecord> {
  const parser = createReadStream(file, { highWaterMark: 64 * 1024 }).pipe(parse(OPTIONS))
  let row = 0
  try {
    for await (const cells of parser as AsyncIterable<string[]>) yield { row: ++row, cells }
  } catch (error) {
    if (error instanceof CsvError) {
      const records = (error as CsvError & { records?: number }).records ?? 0
      const message =
        error.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'A quoted cell is never closed (a " is missing)'
          : error.message
      throw new CsvSyntaxError(records + 1, message)
    }
    throw error
  } finally {
    parser.destroy()
  }
}
