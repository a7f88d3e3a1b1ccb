// Pure types and helpers about users: no zod here, so the storefront bundle stays small.

/** The signed-in user as every API answer shows it: never the password or reset token. */
export interface PublicUser {
  id: number
  username: string
  email: string | null
  firstName: string | null
  lastName: string | null
  address: string | null
  city: string | null
  state: string | null
  zipCode: string | null
  country: string | null
  phone: string | null
  isAdmin: boolean
  /** Whether signing in asks for a code from an authenticator app. */
  twoFactorEnabled: boolean
  isAuthenticated: true
}

/** The greeting the header shows: first name, else username. */
export function displayName(user: Pick<PublicUser, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username
}
