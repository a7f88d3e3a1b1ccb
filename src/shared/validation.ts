import { z } from 'zod'
import { dollarsToCents } from './money'

// Building blocks for the schemas in this folder.

/**
 * An object that refuses fields it does not know with a 400 naming them, instead of dropping them
 * silently: a misspelt field from a client is a bug to see, not data to lose.
 */
export const strictObject = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined,
  })

/** Optional text: blank or missing becomes null. */
export const nullableText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null)

// Forms show dollars; the API speaks cents (back-office.md §5: "x100, rounded"). A number input
// gives a string, so these take either.
const dollarsInput = z.union([z.number(), z.string().trim()])

/** A required dollar amount of at least $0.01, as cents. */
export const requiredDollars = (message: string) =>
  dollarsInput
    .transform((value) => (value === '' ? Number.NaN : Number(value)))
    .pipe(z.number({ error: message }).min(0.01, message).max(10_000_000, 'Amount is too large'))
    .transform(dollarsToCents)

/** An optional dollar amount (blank = none), as cents or null. */
export const optionalDollars = (message = 'Enter an amount of $0 or more') =>
  dollarsInput
    .nullish()
    .transform((value) => (value === '' || value == null ? null : Number(value)))
    .pipe(z.number({ error: message }).min(0, message).max(10_000_000, 'Amount is too large').nullable())
    .transform((value) => (value === null ? null : dollarsToCents(value)))
