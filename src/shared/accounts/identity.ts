// The one spelling of a username or an e-mail address that the shop stores, looks up, compares
// and counts by. Unicode NFKC first (a full-width "ａｄｍｉｎ" or a ligature is the letters it
// shows), then JavaScript's lower case. Compared only in this form, never through the database's
// lower(), which folds some letters differently (PostgreSQL's lower('İ') is 'i', JavaScript's is
// 'i̇'): a spelling is then one account under one set of counters, or another name.
export function normalizeIdentity(value: string): string {
  return value.trim().normalize('NFKC').toLowerCase()
}
