import { z } from 'zod'
import { listQuerySchema, sortParam } from '../admin/list'
import { strictObject } from '../validation'
import type { PublicUser } from './users'

// The back office's Accounts screen (back-office.md §2).

export const ROLE_LABELS = { admin: 'Admin', customer: 'Customer' } as const
export const roleOf = (user: Pick<PublicUser, 'isAdmin'>) => (user.isAdmin ? 'admin' : 'customer')

export const USER_SORTS = ['newest', 'username', 'oldest'] as const
export const USER_SORT_LABELS: Record<(typeof USER_SORTS)[number], string> = {
  newest: 'Newest First',
  username: 'Username',
  oldest: 'Oldest First',
}

export const userListQuerySchema = listQuerySchema.extend({
  sort: sortParam(USER_SORTS),
  role: z.enum(['admin', 'customer'], { error: 'Role must be admin or customer' }).optional(),
})
export type UserListQuery = z.output<typeof userListQuerySchema>

export const adminFlagSchema = strictObject({
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
})

/** The shop always keeps one administrator: whoever would remove the last one is told why not. */
export const LAST_ADMIN_MESSAGE =
  'This is the last administrator. Make another account an administrator first.'
