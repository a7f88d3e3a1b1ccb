import { z } from 'zod'
import { listQuerySchema } from '../admin/list'
import { strictObject } from '../validation'

// Newsletter campaigns (issue 38): what the owner writes, how it moves from draft to sent, and the
// words the back office shows. The server's routes and the editor's form read the same schemas.

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]

/** Pieces a campaign may show: more turns a letter into a catalogue. */
export const CAMPAIGN_MAX_PRODUCTS = 6
/** Sending skips an address whose mail server refused permanently (5xx) this many times. */
export const CAMPAIGN_BOUNCE_LIMIT = 2
/** Default pace of campaign mail (MAIL_RATE_PER_MINUTE): most SMTP relays limit the rate. */
export const MAIL_RATE_PER_MINUTE_DEFAULT = 600

export const CAMPAIGN_MESSAGES = {
  subjectRequired: 'Please enter a subject',
  subjectTooLong: 'The subject must be at most 150 characters',
  previewTooLong: 'The preview text must be at most 200 characters',
  bodyRequired: 'Please write the message',
  bodyTooLong: 'The message must be at most 50,000 characters',
  tooManyProducts: `A campaign shows at most ${CAMPAIGN_MAX_PRODUCTS} pieces`,
  unknownProduct: 'One of the pieces picked is no longer in the catalogue',
  unknownPost: 'The journal story picked no longer exists',
  notFound: 'Campaign not found',
  notDraft: 'Only a draft can be changed or deleted: this campaign has been scheduled or sent',
  notSendable: 'This campaign has already been sent or scheduled',
  notScheduled: 'Only a scheduled campaign can be cancelled, and this one is not scheduled',
  atInvalid: 'Please give the date and time as an ISO date-time, such as 2026-12-01T09:00:00-06:00',
  atPast: 'The sending time must be in the future',
  noOwnAddress: 'Your account has no e-mail address to send the test to: add one to your profile',
  deleted: 'Campaign deleted',
  testSent: (address: string) => `Test sent to ${address}`,
  scheduled: 'Campaign scheduled',
  sending: 'Campaign sending',
  cancelled: 'Campaign cancelled',
} as const

export const campaignInputSchema = strictObject({
  subject: z
    .string({ error: CAMPAIGN_MESSAGES.subjectRequired })
    .trim()
    .min(1, CAMPAIGN_MESSAGES.subjectRequired)
    .max(150, CAMPAIGN_MESSAGES.subjectTooLong),
  previewText: z
    .string()
    .trim()
    .max(200, CAMPAIGN_MESSAGES.previewTooLong)
    .optional()
    .transform((value) => value || null),
  body: z
    .string({ error: CAMPAIGN_MESSAGES.bodyRequired })
    .trim()
    .min(1, CAMPAIGN_MESSAGES.bodyRequired)
    .max(50_000, CAMPAIGN_MESSAGES.bodyTooLong),
  productIds: z
    .array(z.number().int().positive())
    .max(CAMPAIGN_MAX_PRODUCTS, CAMPAIGN_MESSAGES.tooManyProducts)
    .optional()
    .transform((ids) => [...new Set(ids ?? [])]),
  journalPostId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((id) => id ?? null),
})
export type CampaignInput = z.output<typeof campaignInputSchema>
/** What a client sends (the editor's fields). */
export type CampaignFields = z.input<typeof campaignInputSchema>

/** `{ at? }`: now without it; else an ISO date-time with its offset, checked to be in the future. */
export const campaignSendSchema = strictObject({
  at: z.iso.datetime({ offset: true, error: CAMPAIGN_MESSAGES.atInvalid }).optional(),
})

/** /admin/newsletter's tabs, and the statuses each shows (a cancelled campaign is written again). */
export const CAMPAIGN_TABS = ['drafts', 'scheduled', 'sent'] as const
export type CampaignTab = (typeof CAMPAIGN_TABS)[number]
export const CAMPAIGN_TAB_LABELS: Record<CampaignTab, string> = {
  drafts: 'Drafts',
  scheduled: 'Scheduled',
  sent: 'Sent',
}
/** Each tab's empty state: "No draft campaigns", not the tab's plural read as an adjective. */
export const CAMPAIGN_TAB_EMPTY: Record<CampaignTab, string> = {
  drafts: 'No draft campaigns',
  scheduled: 'No scheduled campaigns',
  sent: 'No campaigns sent yet',
}
export const CAMPAIGN_TAB_STATUSES: Record<CampaignTab, readonly CampaignStatus[]> = {
  drafts: ['draft', 'cancelled'],
  scheduled: ['scheduled'],
  sent: ['sending', 'sent'],
}
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
}

export const campaignListQuerySchema = listQuerySchema.extend({
  tab: z.enum(CAMPAIGN_TABS, { error: `Tab must be one of: ${CAMPAIGN_TABS.join(', ')}` }).optional(),
})
export type CampaignListQuery = z.output<typeof campaignListQuerySchema>
