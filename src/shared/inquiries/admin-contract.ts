import { z } from 'zod'
import { endpoint } from '../contract'
import { messageAnswer, timestamp } from '../wire'
import { INQUIRY_TABS, inquiryListQuerySchema } from './schema'

// The back office's Inquiries screen (back-office.md §2); the routes are inside the admin scope.

const inquiryParams = z.object({ id: z.coerce.number({ error: 'Inquiry not found' }).int().positive() })

export const inquiryAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: timestamp,
})

/** One page of the inbox and the tabs' counts (for the search in force). */
export const inquiryPageAnswer = z.object({
  items: z.array(inquiryAnswer),
  total: z.number().int(),
  counts: z.record(z.enum(INQUIRY_TABS), z.number().int()),
})

export type Inquiry = z.input<typeof inquiryAnswer>
export type InquiryPage = z.input<typeof inquiryPageAnswer>

export const inquiriesAdminContract = {
  summary: endpoint({
    method: 'GET',
    permission: 'community:moderate',
    path: '/api/admin/inquiries/summary',
    response: { 200: z.object({ inquiries: z.number().int(), unread: z.number().int() }) },
  }),
  list: endpoint({
    method: 'GET',
    permission: 'community:moderate',
    path: '/api/inquiries',
    querystring: inquiryListQuerySchema,
    response: { 200: inquiryPageAnswer },
  }),
  markRead: endpoint({
    method: 'PATCH',
    permission: 'community:moderate',
    path: '/api/inquiries/:id/read',
    params: inquiryParams,
    response: { 200: inquiryAnswer },
  }),
  remove: endpoint({
    method: 'DELETE',
    permission: 'community:moderate',
    path: '/api/inquiries/:id',
    params: inquiryParams,
    response: { 200: messageAnswer },
  }),
}
