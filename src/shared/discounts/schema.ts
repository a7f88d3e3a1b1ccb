import { z } from 'zod'
import { listQuerySchema } from '../admin/list'
import { timestamp } from '../wire'
import { DISCOUNT_KINDS, type DiscountStatus } from './rules'

// Discount codes' requests: the back office's form (issue 25) and the cart's code field.

export const CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/
export const CODE_MESSAGE = 'Code must be 3 to 32 letters, digits, - or _'

const codeText = z.string({ error: CODE_MESSAGE }).trim().regex(CODE_PATTERN, CODE_MESSAGE)

const optionalDate = (message: string) =>
  z
    .union([z.iso.datetime({ offset: true, error: message }), z.null(), z.literal('')], { error: message })
    .optional()
    .transform((value) => (value ? new Date(value) : null))

// A plain object: read-only fields (id, uses, status) sent back by a form are dropped, not refused.
export const discountInputSchema = z
  .object({
    code: codeText,
    kind: z.enum(DISCOUNT_KINDS, { error: 'Kind must be percent or fixed' }),
    value: z.number({ error: 'Value must be a whole number' }).int('Value must be a whole number'),
    minSubtotal: z
      .number({ error: 'Minimum subtotal is in cents' })
      .int('Minimum subtotal is in cents')
      .min(0, 'Minimum subtotal cannot be negative')
      .default(0),
    startsAt: optionalDate('Start must be a date and time'),
    endsAt: optionalDate('End must be a date and time'),
    maxUses: z
      .number({ error: 'Maximum uses must be a whole number' })
      .int('Maximum uses must be a whole number')
      .min(1, 'Maximum uses must be at least 1')
      .nullish()
      .transform((value) => value ?? null),
    active: z.boolean().default(true),
    /** Offered in the newsletter's welcome e-mail; marking one code unmarks the one before. */
    welcome: z.boolean().default(false),
    note: z
      .string()
      .trim()
      .max(500, 'Note must be at most 500 characters')
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((input, context) => {
    if (input.kind === 'percent' && (input.value < 1 || input.value > 100))
      context.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is from 1 to 100' })
    if (input.kind === 'fixed' && input.value < 1)
      context.addIssue({ code: 'custom', path: ['value'], message: 'A fixed amount must be more than $0.00' })
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt)
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be after the start' })
  })
export type DiscountInput = z.input<typeof discountInputSchema>
export type DiscountFields = z.output<typeof discountInputSchema>

export const discountListQuerySchema = listQuerySchema

const DISCOUNT_STATUSES = [
  'active',
  'inactive',
  'scheduled',
  'expired',
  'used-up',
] as const satisfies readonly DiscountStatus[]

/** A code as the back office lists it; amounts in cents, a percent as a whole number. */
export const discountAnswer = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  minSubtotal: z.number().int(),
  startsAt: timestamp.nullable(),
  endsAt: timestamp.nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  active: z.boolean(),
  welcome: z.boolean(),
  note: z.string().nullable(),
  status: z.enum(DISCOUNT_STATUSES),
  createdAt: timestamp,
})
export type Discount = z.input<typeof discountAnswer>

export const applyDiscountSchema = z.object({
  code: z.string({ error: 'Enter a discount code' }).trim().min(1, 'Enter a discount code').max(64),
})

/** Wrong discount codes one client address, or one session, may try in a window (issue 31). */
export const CODE_TRIES = { max: 10, windowMs: 10 * 60_000 } as const

/** Over the limit on wrong codes: when to try again, in whole minutes. */
export function tooManyCodeTries(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
  return `Too many discount codes tried. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

export const DISCOUNT_MESSAGES = {
  created: 'Discount code created',
  updated: 'Discount code updated',
  deleted: 'Discount code deleted',
  notFound: 'Discount code not found',
  taken: 'A discount code with this name already exists',
} as const
