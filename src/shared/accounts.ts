import { z } from 'zod'

// Messages are the specification's, word for word (storefront.md §5, back-office.md §5).

export const USERNAME_MIN = 3
export const PASSWORD_MIN = 6
// argon2 accepts any length; a ceiling keeps one request from costing the server seconds.
export const PASSWORD_MAX = 256

/** Optional text: blank or missing becomes undefined. */
const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined)

const optionalEmail = (message: string) =>
  z
    .union([z.literal(''), z.email({ error: message }).trim().toLowerCase().max(254)])
    .optional()
    .transform((value) => value || undefined)

export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
})
export type LoginInput = z.input<typeof loginSchema>

export const registerSchema = z.object({
  username: z
    .string({ error: 'Username must be at least 3 characters' })
    .trim()
    .min(USERNAME_MIN, 'Username must be at least 3 characters')
    .max(50, 'Username must be at most 50 characters'),
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(PASSWORD_MIN, 'Password must be at least 6 characters')
    .max(PASSWORD_MAX),
  email: optionalEmail('Invalid email format'),
  firstName: optionalText(100),
  lastName: optionalText(100),
  // The storefront always sends false; the server ignores it whatever it says (DESIGN.md §5).
  isAdmin: z.boolean().optional(),
})
export type RegisterInput = z.input<typeof registerSchema>

export type { PublicUser } from './users'
