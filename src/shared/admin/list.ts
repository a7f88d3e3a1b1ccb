import { z } from 'zod'

// Every back-office list is searched, sorted and paginated by the server (DESIGN.md §8): the same
// query parameters and the same answer shape for products, orders, users, inquiries...

export const PAGE_SIZE_DEFAULT = 50
export const PAGE_SIZE_MAX = 200
export const SEARCH_MAX = 100

/** One page of a list and how many rows the whole filter has. */
export interface Page<T> {
  items: T[]
  total: number
}

/** The parameters every admin list takes; a screen extends it with its own sort and filters. */
export const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int()
    .min(1, 'Page must be at least 1')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int()
    .min(1, 'Page size must be at least 1')
    .max(PAGE_SIZE_MAX, `Page size must be at most ${PAGE_SIZE_MAX}`)
    .default(PAGE_SIZE_DEFAULT),
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX, `Search must be at most ${SEARCH_MAX} characters`)
    .optional()
    .transform((value) => value || undefined),
})
export type ListQuery = z.output<typeof listQuerySchema>

/** A sort parameter whose values a screen names; the first is the default. */
export const sortParam = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `Sort must be one of: ${values.join(', ')}` }).default(values[0] as T[number])
