import { z } from 'zod'
import { endpoint } from '../contract'
import { listAnswer, messageAnswer, timestamp } from '../wire'
import { adminFlagSchema, userListQuerySchema } from './admin-schema'
import { publicUserSchema } from './answers'

// The Accounts screen's calls (back-office.md §2); the routes are inside the admin scope.

const userParams = z.object({ id: z.coerce.number({ error: 'User not found' }).int().positive() })

/** An account as the owner sees it: the fields its user sees of itself. */
export const accountAnswer = publicUserSchema

/** A row of the Accounts list. */
export const adminUserAnswer = accountAnswer.extend({
  createdAt: timestamp,
  /** Orders placed while signed in to this account. */
  orderCount: z.number().int(),
})

export const accountsAdminContract = {
  list: endpoint({
    method: 'GET',
    permission: 'customers:view',
    path: '/api/users',
    querystring: userListQuerySchema,
    response: { 200: listAnswer(adminUserAnswer) },
  }),
  summary: endpoint({
    method: 'GET',
    permission: 'customers:view',
    path: '/api/admin/users/summary',
    response: { 200: z.object({ accounts: z.number().int(), admins: z.number().int() }) },
  }),
  setAdmin: endpoint({
    method: 'PATCH',
    permission: 'staff:manage',
    path: '/api/users/:id/admin',
    params: userParams,
    body: adminFlagSchema,
    response: { 200: accountAnswer },
  }),
  remove: endpoint({
    method: 'DELETE',
    permission: 'customers:manage',
    path: '/api/users/:id',
    params: userParams,
    response: { 200: messageAnswer },
  }),
}

export type AdminUser = z.input<typeof adminUserAnswer>
