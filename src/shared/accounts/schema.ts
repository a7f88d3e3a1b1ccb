import { z } from 'zod'
import { NAME_MAX, plainText } from '../plain-text'
import { normalizeIdentity } from './identity'

// Messages are the specification's, word for word (storefront.md §5, back-office.md §5).

export const USERNAME_MIN = 3
export const PASSWORD_MIN = 6
// argon2 accepts any length; a ceiling keeps one request from costing the server seconds.
export const PASSWORD_MAX = 256

/** Optional plain text (plain-text.ts): blank or missing becomes undefined. */
const optionalPlain = (label: string, max: number) =>
  plainText(label, max)
    .optional()
    .transform((value) => value || undefined)

/** Optional plain text that a blank or null clears. */
const nullablePlain = (label: string, max: number) =>
  plainText(label, max)
    .nullish()
    .transform((value) => value || null)

/** A name that may be left out but, when sent, is not blank. */
const profileName = (label: string) =>
  z.string().trim().min(1, `${label} cannot be empty`).pipe(plainText(label, NAME_MAX)).nullish()

const optionalEmail = (message: string) =>
  z
    .union([z.literal(''), z.email({ error: message }).trim().overwrite(normalizeIdentity).max(254)])
    .optional()
    .transform((value) => value || undefined)

export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
  /** The second step of two-factor sign-in: the app's code or a recovery code. */
  code: z.string().trim().max(64, 'That code is too long').optional(),
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
  firstName: optionalPlain('First name', NAME_MAX),
  lastName: optionalPlain('Last name', NAME_MAX),
  // The storefront always sends false; the server ignores it whatever it says (DESIGN.md §5).
  isAdmin: z.boolean().optional(),
})
export type RegisterInput = z.input<typeof registerSchema>

export type { PublicUser } from './users'

const nullableText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null)

/** The customer's own profile (storefront.md §5): every field optional; a present email valid. */
export const profileUpdateSchema = z.object({
  username: z.string().trim().min(USERNAME_MIN, 'Username must be at least 3 characters').max(50).optional(),
  email: z
    .union([
      z.literal(''),
      z.email({ error: 'Please enter a valid email address' }).trim().overwrite(normalizeIdentity).max(254),
    ])
    .nullish()
    // Left out = unchanged; blank = removed.
    .transform((value) => (value === undefined ? undefined : value || null)),
  /** Needed when the e-mail address changes: whoever holds only the session cannot redirect resets. */
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
  firstName: profileName('First name'),
  lastName: profileName('Last name'),
  address: nullablePlain('Address', 200),
  city: nullablePlain('City', 100),
  state: nullableText(60),
  zipCode: nullableText(20),
  country: nullableText(60),
  phone: nullableText(40),
})
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>
export const EMAIL_CHANGE_NEEDS_PASSWORD = 'Enter your current password to change your email'

const PASSWORDS_DONT_MATCH = { message: "Passwords don't match", path: ['confirmPassword'] }

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX),
    newPassword: z
      .string({ error: 'New password must be at least 6 characters' })
      .min(PASSWORD_MIN, 'New password must be at least 6 characters')
      .max(PASSWORD_MAX),
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, PASSWORDS_DONT_MATCH)
export type ChangePasswordInput = z.input<typeof changePasswordSchema>

export const requestPasswordResetSchema = z.object({
  email: z
    .email({ error: 'Please enter a valid email address' })
    .trim()
    .overwrite(normalizeIdentity)
    .max(254),
})

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'Reset token is required' }).trim().min(1, 'Reset token is required').max(200),
    password: z
      .string({ error: 'Password must be at least 6 characters' })
      .min(PASSWORD_MIN, 'Password must be at least 6 characters')
      .max(PASSWORD_MAX),
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
  })
  .refine((value) => value.password === value.confirmPassword, PASSWORDS_DONT_MATCH)
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>

/** Always the same answer, so nobody can learn which e-mails have accounts. */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password.'
export const RESET_INVALID_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.'

/**
 * The administrator's own profile form (back-office.md §5): stricter than a customer's — the
 * names are required — and sent through the same PUT /api/users/:id.
 */
export const adminProfileSchema = z.object({
  email: z.email({ error: 'Invalid email address' }).trim().overwrite(normalizeIdentity).max(254),
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .pipe(plainText('First name', NAME_MAX)),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .pipe(plainText('Last name', NAME_MAX)),
  /** Sent only when the e-mail address changes (see profileUpdateSchema). */
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
  address: nullablePlain('Address', 200),
  city: nullablePlain('City', 100),
  state: nullableText(60),
  zipCode: nullableText(20),
  country: nullableText(60),
  phone: nullableText(40),
})
export type AdminProfileInput = z.input<typeof adminProfileSchema>
