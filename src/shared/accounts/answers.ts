import { z } from 'zod'

// The accounts' answers (contract.ts). users.ts, which the storefront loads, takes its types from
// these by type alone.

/**
 * The signed-in user as every answer shows it. What is not named here (the password's hash, the
 * two-factor secret, reset tokens) never leaves the server: the response schema drops it.
 */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  isAdmin: z.boolean(),
  /** Whether signing in asks for a code from an authenticator app. */
  twoFactorEnabled: z.boolean(),
  isAuthenticated: z.literal(true),
})
