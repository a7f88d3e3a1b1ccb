import { z } from 'zod'
import { SEARCH_MAX } from '../admin/list'
import { endpoint } from '../contract'
import { timestamp } from '../wire'
import { subscriberListQuerySchema } from './schema'

// The back office's Subscribers screen (back-office.md §9); the routes are inside the admin scope.

/** The search of Copy All Emails and the CSV export: the whole filtered list, not one page. */
const filterSchema = z.object({
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX, `Search must be at most ${SEARCH_MAX} characters`)
    .optional()
    .transform((value) => value || undefined),
})

export const subscriberAnswer = z.object({
  id: z.number().int(),
  email: z.string(),
  createdAt: timestamp.nullable(),
  /** False while the address awaits its owner's confirmation: not yet a subscriber. */
  confirmed: z.boolean(),
  /** Its mail server refused a campaign message for good (5xx); from two, campaigns skip it. */
  bouncing: z.boolean(),
})

/** The Subscribers screen's page: every address, and how many of those matching are confirmed. */
export const subscriberPageAnswer = z.object({
  items: z.array(subscriberAnswer),
  total: z.number().int(),
  subscribers: z.number().int(),
})

export type Subscriber = z.input<typeof subscriberAnswer>
export type SubscriberPage = z.input<typeof subscriberPageAnswer>

export const newsletterAdminContract = {
  summary: endpoint({
    method: 'GET',
    permission: 'customers:view',
    path: '/api/admin/subscribers/summary',
    response: { 200: z.object({ subscribers: z.number().int() }) },
  }),
  list: endpoint({
    method: 'GET',
    permission: 'customers:view',
    path: '/api/newsletter/subscriptions',
    querystring: subscriberListQuerySchema,
    response: { 200: subscriberPageAnswer },
  }),
  /** Every address of the filter (Copy All Emails copies the whole list, not one page). */
  emails: endpoint({
    method: 'GET',
    permission: 'customers:view',
    path: '/api/newsletter/subscriptions/emails',
    querystring: filterSchema,
    response: { 200: z.object({ emails: z.array(z.string()) }) },
  }),
  /** A CSV file, sent as text: no JSON answer to describe. */
  csv: endpoint({
    method: 'GET',
    permission: 'customers:view',
    path: '/api/newsletter/subscriptions.csv',
    querystring: filterSchema,
    response: {},
  }),
}
