import { z } from 'zod'
import { endpoint } from '../contract'
import { listAnswer, messageAnswer, timestamp } from '../wire'
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_STATUSES,
  type CampaignTab,
  campaignInputSchema,
  campaignListQuerySchema,
  campaignSendSchema,
} from './rules'

// The back office's campaigns (issue 38), inside the admin scope; /admin/newsletter reads them.

const campaignParams = z.object({
  id: z.coerce.number({ error: CAMPAIGN_MESSAGES.notFound }).int().positive(),
})

/** A campaign with what happened to it: the counts come from its outbox rows, never stored twice. */
export const campaignAnswer = z.object({
  id: z.number().int(),
  subject: z.string(),
  previewText: z.string().nullable(),
  body: z.string(),
  productIds: z.array(z.number().int()),
  journalPostId: z.number().int().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** When a scheduled campaign starts. */
  sendAt: timestamp.nullable(),
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  /** Confirmed subscribers queued when sending started (0 before). */
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Readers who unsubscribed with this campaign's links. */
  unsubscribed: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
})
export type CampaignAnswer = z.input<typeof campaignAnswer>
/** The server's side of the answer: moments as Dates. */
export type CampaignRecord = z.output<typeof campaignAnswer>
export type CampaignTabCounts = Record<CampaignTab, number>

export const campaignsAdminContract = {
  list: endpoint({
    method: 'GET',
    permission: 'newsletter:send',
    path: '/api/admin/campaigns',
    querystring: campaignListQuerySchema,
    response: {
      200: listAnswer(campaignAnswer).extend({
        /** Each tab's badge: every campaign, whatever the search. */
        counts: z.object({ drafts: z.number().int(), scheduled: z.number().int(), sent: z.number().int() }),
      }),
    },
  }),
  create: endpoint({
    method: 'POST',
    permission: 'newsletter:send',
    path: '/api/admin/campaigns',
    body: campaignInputSchema,
    response: { 201: campaignAnswer },
  }),
  get: endpoint({
    method: 'GET',
    permission: 'newsletter:send',
    path: '/api/admin/campaigns/:id',
    params: campaignParams,
    response: { 200: campaignAnswer },
  }),
  update: endpoint({
    method: 'PUT',
    permission: 'newsletter:send',
    path: '/api/admin/campaigns/:id',
    params: campaignParams,
    body: campaignInputSchema,
    response: { 200: campaignAnswer },
  }),
  remove: endpoint({
    method: 'DELETE',
    permission: 'newsletter:send',
    path: '/api/admin/campaigns/:id',
    params: campaignParams,
    response: { 200: messageAnswer },
  }),
  /** The message as a reader gets it (its links unsubscribe nobody), for the editor's preview. */
  preview: endpoint({
    method: 'GET',
    permission: 'newsletter:send',
    path: '/api/admin/campaigns/:id/preview',
    params: campaignParams,
    response: { 200: z.object({ subject: z.string(), html: z.string(), text: z.string() }) },
  }),
  /**
   * The same message as its own HTML page, for the editor's framed preview: no JSON answer to
   * describe, and a policy of its own (no scripts; the shop's and the pieces' pictures).
   */
  previewPage: endpoint({
    method: 'GET',
    permission: 'newsletter:send',
    path: '/api/admin/campaigns/:id/preview.html',
    params: campaignParams,
    response: {},
  }),
  /** Sends the campaign as it stands to the signed-in member's own address. */
  test: endpoint({
    method: 'POST',
    permission: 'newsletter:send',
    path: '/api/admin/campaigns/:id/test',
    params: campaignParams,
    response: { 200: messageAnswer },
  }),
  send: endpoint({
    method: 'POST',
    permission: 'newsletter:send',
    path: '/api/admin/campaigns/:id/send',
    params: campaignParams,
    body: campaignSendSchema,
    response: { 200: campaignAnswer },
  }),
  cancel: endpoint({
    method: 'POST',
    permission: 'newsletter:send',
    path: '/api/admin/campaigns/:id/cancel',
    params: campaignParams,
    response: { 200: campaignAnswer },
  }),
}
