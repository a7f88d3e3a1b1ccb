// The catalogue's enumerations, in a file of their own: the answers' schemas (answers.ts) and
// catalog.ts, which takes its types from them, both read these without importing each other.

export const PRODUCT_TYPES = [
  'bangle',
  'necklace',
  'pendant',
  'ring',
  'earring',
  'bracelet',
  'other',
] as const

export const PRODUCT_STATUSES = ['available', 'sold', 'reserved', 'draft'] as const
