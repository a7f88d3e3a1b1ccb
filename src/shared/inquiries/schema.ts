import { z } from 'zod'
import { listQuerySchema } from '../admin/list'
import { strictObject } from '../validation'
import { HONEYPOT_FIELD, INQUIRY_LIMITS } from './labels'

export * from './labels'

// The contact form (storefront.md §5) and the back office's Inquiries screen (back-office.md §2).

export const inquirySchema = strictObject({
  name: z
    .string({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(INQUIRY_LIMITS.name, `Name must be at most ${INQUIRY_LIMITS.name} characters`),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .pipe(z.email({ error: 'Please enter a valid email address' }).max(INQUIRY_LIMITS.email)),
  subject: z
    .string({ error: 'Subject must be at least 2 characters' })
    .trim()
    .min(2, 'Subject must be at least 2 characters')
    .max(INQUIRY_LIMITS.subject, `Subject must be at most ${INQUIRY_LIMITS.subject} characters`),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(
      INQUIRY_LIMITS.message,
      `Message must be at most ${INQUIRY_LIMITS.message.toLocaleString('en-US')} characters`,
    ),
  [HONEYPOT_FIELD]: z.string().max(1000).optional(),
})
export type InquiryInput = z.input<typeof inquirySchema>

export const INQUIRY_TABS = ['all', 'unread', 'read'] as const
export type InquiryTab = (typeof INQUIRY_TABS)[number]
export const INQUIRY_TAB_LABELS: Record<InquiryTab, string> = { all: 'All', unread: 'Unread', read: 'Read' }

export const inquiryListQuerySchema = listQuerySchema.extend({
  status: z.enum(INQUIRY_TABS, { error: 'Status must be all, unread or read' }).default('all'),
})
export type InquiryListQuery = z.output<typeof inquiryListQuerySchema>

/** The Reply via Email link: the sender's address, the subject as 'Re: subject'. */
export const replyMailto = (inquiry: { email: string; subject: string }) =>
  `mailto:${inquiry.email}?subject=${encodeURIComponent(`Re: ${inquiry.subject}`)}`
