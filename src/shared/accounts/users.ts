import type { z } from 'zod'
import type { publicUserSchema } from './answers'

// Pure types and helpers about users: no zod at run time, so the storefront bundle stays small.

/** The signed-in user as every API answer shows it: never the password or reset token. */
export type PublicUser = z.input<typeof publicUserSchema>

/** The greeting the header shows: first name, else username. */
export function displayName(user: Pick<PublicUser, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username
}
