import { z } from 'zod'

// Schemas for answers on the wire, shared by every contract (src/shared/*/contract.ts).

/**
 * A moment in time: the server hands in a Date (or the text a raw query returned) and the JSON
 * carries ISO 8601 text, which is what the client reads.
 */
export const timestamp = z.codec(z.string(), z.union([z.date(), z.string()]), {
  decode: (text) => text,
  encode: (value) => (typeof value === 'string' ? new Date(value).toISOString() : value.toISOString()),
})

/** The answer of an action that has nothing to return but a sentence for the shopper or owner. */
export const messageAnswer = z.object({ message: z.string() })

/** A page of a list: the specification's `{ items, total }`. */
export function listAnswer<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() })
}
