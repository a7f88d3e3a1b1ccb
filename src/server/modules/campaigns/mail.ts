import { eq, inArray } from 'drizzle-orm'
import { journalPath } from '../../../shared/journal/paths'
import type { StoreInfo } from '../../../shared/ssr'
import type { DbOrTx } from '../../db/client'
import { products } from '../catalog/schema'
import { renderArticle } from '../journal/render'
import { blogPosts } from '../journal/schema'
import { type CampaignPiece, type CampaignStory, campaignMail } from '../mail/templates/campaign-mail'
import type { MailRenderer, RenderedMail } from '../mail/worker'
import { newsletters } from '../newsletter/schema'
import { oneClickUrl, unsubscribeUrl } from '../newsletter/service'
import { CampaignUnsubscribeTokens } from '../newsletter/unsubscribe-tokens'
import { mailImage } from '../piece-alerts/job'
import { campaigns } from './schema'

// Each campaign message is queued as a payload ({ campaignId, subscriberId }) and written by the
// outbox worker when it is sent (mail/worker.ts's renderers): a piece sold since the campaign
// started shows as sold, and a reader who unsubscribed meanwhile is skipped, not written to.

export const CAMPAIGN_MAIL_KIND = 'campaign'

export interface CampaignPayload {
  campaignId: number
  subscriberId: number
}

export interface CampaignMailContext {
  store: StoreInfo
  publicUrl: string
  /** The shop's postal address (STORE_ADDRESS), which every campaign message carries (CAN-SPAM). */
  postalAddress: string
  tokens: CampaignUnsubscribeTokens
}

/** The context from the shop's settings: its links, its postal address and the signing key. */
export function campaignMailContext(
  links: { store: StoreInfo; publicUrl: string },
  config: { store: { address: string }; sessionSecret: string },
): CampaignMailContext {
  return {
    store: links.store,
    publicUrl: links.publicUrl,
    postalAddress: config.store.address,
    tokens: new CampaignUnsubscribeTokens(config.sessionSecret),
  }
}

type Campaign = Pick<
  typeof campaigns.$inferSelect,
  'id' | 'subject' | 'previewText' | 'body' | 'productIds' | 'journalPostId'
>

/** The parts of a campaign's message that are the same for every reader, read once per batch. */
async function campaignParts(db: DbOrTx, campaign: Campaign, publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '')
  const rows =
    campaign.productIds.length > 0
      ? await db.select().from(products).where(inArray(products.id, campaign.productIds))
      : []
  const byId = new Map(rows.map((row) => [row.id, row]))
  const pieces: CampaignPiece[] = campaign.productIds.flatMap((id) => {
    const row = byId.get(id)
    if (!row || row.status === 'draft') return []
    return [
      {
        name: row.name,
        price: row.price,
        url: `${base}/product/${row.id}`,
        imageUrl: mailImage(base, row.imageUrls[0] ?? null),
        imageAlt: row.imageAlts[0] || row.name,
        sold: row.status !== 'available' || row.stockQuantity < 1,
      },
    ]
  })
  let story: CampaignStory | null = null
  if (campaign.journalPostId !== null) {
    const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, campaign.journalPostId))
    if (post?.published)
      story = {
        title: post.title,
        excerpt: post.excerpt,
        url: `${base}${journalPath(post.slug)}`,
        imageUrl: mailImage(base, post.featuredImage),
      }
  }
  return { html: absoluteLinks(renderArticle(campaign.body), base), pieces, story }
}

/**
 * The journal's HTML names the shop's own pages and pictures by path; a mail program needs whole
 * addresses. Responsive sources are dropped (mail programs ignore them); nothing else changes.
 */
function absoluteLinks(html: string, base: string): string {
  return html
    .replace(/\s(srcset|sizes)="[^"]*"/g, '')
    .replace(/\s(href|src)="\/(?!\/)/g, (_match, attribute: string) => ` ${attribute}="${base}/`)
}

/** One reader's message: the shared parts, and the links that unsubscribe this reader. */
async function writeMessage(
  db: DbOrTx,
  campaign: Campaign,
  subscriberId: number,
  context: CampaignMailContext,
  parts?: Awaited<ReturnType<typeof campaignParts>>,
): Promise<RenderedMail> {
  const { html, pieces, story } = parts ?? (await campaignParts(db, campaign, context.publicUrl))
  const token = context.tokens.sign({ subscriberId, campaignId: campaign.id })
  return campaignMail(
    {
      subject: campaign.subject,
      previewText: campaign.previewText,
      html,
      pieces,
      story,
      unsubscribeUrl: unsubscribeUrl(context.publicUrl, token),
      oneClickUrl: oneClickUrl(context.publicUrl, token),
      postalAddress: context.postalAddress,
    },
    context.store,
  )
}

/** The outbox worker's renderer for campaign mail. */
export function campaignMailRenderer(db: DbOrTx, context: CampaignMailContext): MailRenderer {
  return async (payloads) => {
    const wanted = payloads as CampaignPayload[]
    const campaignIds = [...new Set(wanted.map((payload) => payload.campaignId))]
    const subscriberIds = [...new Set(wanted.map((payload) => payload.subscriberId))]
    const rows = await db.select().from(campaigns).where(inArray(campaigns.id, campaignIds))
    const still = await db
      .select({ id: newsletters.id })
      .from(newsletters)
      .where(inArray(newsletters.id, subscriberIds))
    const subscribed = new Set(still.map((row) => row.id))
    const parts = new Map<number, Awaited<ReturnType<typeof campaignParts>>>()
    for (const row of rows) parts.set(row.id, await campaignParts(db, row, context.publicUrl))
    const byId = new Map(rows.map((row) => [row.id, row]))
    return Promise.all(
      wanted.map(async ({ campaignId, subscriberId }) => {
        const campaign = byId.get(campaignId)
        if (!campaign) return undefined
        if (!subscribed.has(subscriberId)) return null // unsubscribed since it was queued
        return writeMessage(db, campaign, subscriberId, context, parts.get(campaignId))
      }),
    )
  }
}

/** A test of the campaign as it stands, for the owner's own address: its links unsubscribe nobody. */
export async function campaignTestMessage(
  db: DbOrTx,
  campaign: Campaign,
  context: CampaignMailContext,
): Promise<RenderedMail> {
  const message = await writeMessage(db, { ...campaign, id: 0 }, 0, context)
  return { ...message, subject: `[Test] ${message.subject}` }
}
