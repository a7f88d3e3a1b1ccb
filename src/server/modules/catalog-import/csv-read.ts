// A CSV reader that keeps what the import's error messages need: each record's row number as a
// spreadsheet shows it. RFC 4180 (quotes, doubled quotes, CRLF or LF, line breaks inside quoted
// cells), a UTF-8 byte-order mark skipped. The whole file is at most IMPORT_MAX_BYTES.

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
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const records: CsvRecord[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let cellStarted = false
  const endRecord = () => {
    cells.push(cell)
    // A blank line is no record (spreadsheets leave them at the end).
    if (cells.length > 1 || cells[0] !== '') records.push({ row: records.length + 1, cells })
    cells = []
    cell = ''
    cellStarted = false
  }
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"'
          i++
        } else quoted = false
      } else cell += char
      continue
    }
    if (char === '"' && !cellStarted) {
      quoted = true
      cellStarted = true
    } else if (char === ',') {
      cells.push(cell)
      cell = ''
      cellStarted = false
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++
      endRecord()
    } else {
      cell += char
      cellStarted = true
    }
  }
  if (quoted) throw new CsvSyntaxError(records.length + 1, 'A quoted cell is never closed (a " is missing)')
  if (cell !== '' || cells.length > 0) endRecord()
  return records
}
