// Cells of the CSV files the owner opens in a spreadsheet (the sales ledger, the catalogue export).

/** Cents as dollars with two decimals; an empty cell for no amount. */
export const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2))

/**
 * A spreadsheet runs a cell that starts with = + - @ as a formula; text a shopper or the owner
 * typed (a name, a note, a description) must never become one in the owner's spreadsheet.
 */
export const inert = (text: string | null) => (text && /^[=+\-@\t\r]/.test(text) ? `'${text}` : (text ?? ''))
