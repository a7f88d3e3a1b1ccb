import { and, desc, eq, inArray, like, sql } from 'drizzle-orm'
import type { CampaignRecord, CampaignTabCounts } from '../../../shared/campaigns/admin-contract'
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_TAB_STATUSES,
  CAMPAIGN_TABS,
  type CampaignInput,
  type CampaignListQuery,
  type CampaignStatus,
} from '../../../shared/campaigns/rules'
import type { Database, DbOrTx } from '../../db/client'
import { containsPattern, pageWindow } from '../../db/paging'
import { conflict, invalid, notFound } from '../../errors'
import { products } from '../catalog/schema'
import { blogPosts } from '../journal/schema'
import { enqueueMail } from '../mail/outbox'
import { type CampaignMailContext, campaignTestMessage } from './mail'
import { campaigns } from './schema'

// The owner's campaigns (issue 38): drafts are written and changed here; sending is a status the
// sender (sender.ts) acts on, so a request never waits for a list of thousands to be queued.

type CampaignRow = typeof campaigns.$inferSelect

/** The counts of a campaign, from its outbox rows: sent and failed are the worker's outcomes. */
const counted = {
  sent: sql<number>`(select count(*)::int from email_outbox o where o.campaign_id = campaigns.id and o.status = 'sent')`,
  failed: sql<number>`(select count(*)::int from email_outbox o where o.campaign_id = campaigns.id and o.status = 'failed')`,
}

function toAnswer(row: CampaignRow & { sent: number; failed: number }): CampaignRecord {
  return {
    id: row.id,
    subject: row.subject,
    previewText: row.previewText,
    body: row.body,
    productIds: row.productIds,
    journalPostId: row.journalPostId,
    status: row.status as CampaignStatus,
    sendAt: row.sendAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    recipients: row.recipients,
    sent: Number(row.sent),
    failed: Number(row.failed),
    unsubscribed: row.unsubscribed,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** The campaigns, newest first, searched by subject, one tab at a time; with every tab's count. */
export async function listCampaigns(
  db: DbOrTx,
  query: CampaignListQuery,
): Promise<{ items: CampaignRecord[]; total: number; counts: CampaignTabCounts }> {
  const where = and(
    query.search
      ? like(sql`lower(${campaigns.subject})`, containsPattern(query.search.toLowerCase()))
      : undefined,
    query.tab ? inArray(campaigns.status, [...CAMPAIGN_TAB_STATUSES[query.tab]]) : undefined,
  )
  const { limit, offset } = pageWindow(query)
  const rows = await db
    .select({ campaign: campaigns, ...counted })
    .from(campaigns)
    .where(where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit)
    .offset(offset)
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(campaigns).where(where)
  const byStatus = await db
    .select({ status: campaigns.status, n: sql<number>`count(*)::int` })
    .from(campaigns)
    .groupBy(campaigns.status)
  const counts = Object.fromEntries(
    CAMPAIGN_TABS.map((tab) => [
      tab,
      byStatus
        .filter((row) => (CAMPAIGN_TAB_STATUSES[tab] as readonly string[]).includes(row.status))
        .reduce((sum, row) => sum + Number(row.n), 0),
    ]),
  ) as CampaignTabCounts
  return {
    items: rows.map((row) => toAnswer({ ...row.campaign, sent: row.sent, failed: row.failed })),
    total: count?.n ?? 0,
    counts,
  }
}

export async function getCampaign(db: DbOrTx, id: number): Promise<CampaignRecord> {
  const [row] = await db
    .select({ campaign: campaigns, ...counted })
    .from(campaigns)
    .where(eq(campaigns.id, id))
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound)
  return toAnswer({ ...row.campaign, sent: row.sent, failed: row.failed })
}

/** The pieces and the story picked must exist when the draft is saved (a 400 naming the field). */
async function checkBlocks(db: DbOrTx, input: CampaignInput): Promise<void> {
  if (input.productIds.length > 0) {
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, input.productIds))
    if (found.length !== input.productIds.length)
      throw invalid(CAMPAIGN_MESSAGES.unknownProduct, 'productIds')
  }
  if (input.journalPostId !== null) {
    const [post] = await db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(eq(blogPosts.id, input.journalPostId))
    if (!post) throw invalid(CAMPAIGN_MESSAGES.unknownPost, 'journalPostId')
  }
}

export async function createCampaign(db: Database, input: CampaignInput): Promise<CampaignRecord> {
  await checkBlocks(db, input)
  const [row] = await db.insert(campaigns).values(input).returning()
  return getCampaign(db, row!.id)
}

/** Answers the campaign's status, locked for the rest of the transaction; 404 when there is none. */
async function lockedStatus(tx: DbOrTx, id: number): Promise<CampaignStatus> {
  const [row] = await tx
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .for('update')
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound)
  return row.status as CampaignStatus
}

export async function updateCampaign(
  db: Database,
  id: number,
  input: CampaignInput,
): Promise<CampaignRecord> {
  await checkBlocks(db, input)
  await db.transaction(async (tx) => {
    if ((await lockedStatus(tx, id)) !== 'draft') throw conflict(CAMPAIGN_MESSAGES.notDraft)
    await tx
      .update(campaigns)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(campaigns.id, id))
  })
  return getCampaign(db, id)
}

export async function deleteCampaign(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await lockedStatus(tx, id)) !== 'draft') throw conflict(CAMPAIGN_MESSAGES.notDraft)
    await tx.delete(campaigns).where(eq(campaigns.id, id))
  })
}

/**
 * Sends a draft now (status `sending`: the sender queues it at once) or at `at` (status
 * `scheduled`, in the future by the given clock). A campaign already on its way is a 409.
 */
export async function sendCampaign(
  db: Database,
  id: number,
  at: string | undefined,
  now: Date = new Date(),
): Promise<CampaignRecord> {
  const sendAt = at === undefined ? undefined : new Date(at)
  if (sendAt && sendAt.getTime() <= now.getTime()) throw invalid(CAMPAIGN_MESSAGES.atPast, 'at')
  await db.transaction(async (tx) => {
    const status = await lockedStatus(tx, id)
    // A cancelled campaign may be sent again: it never started, so nobody has it.
    if (status !== 'draft' && status !== 'cancelled') throw conflict(CAMPAIGN_MESSAGES.notSendable)
    await tx
      .update(campaigns)
      .set(
        sendAt
          ? { status: 'scheduled', sendAt, updatedAt: sql`now()` }
          : { status: 'sending', sendAt: null, startedAt: now, updatedAt: sql`now()` },
      )
      .where(eq(campaigns.id, id))
  })
  return getCampaign(db, id)
}

/** A scheduled campaign, until the sender starts it; anything else is a 409. */
export async function cancelCampaign(db: Database, id: number): Promise<CampaignRecord> {
  const cancelled = await db
    .update(campaigns)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), eq(campaigns.status, 'scheduled')))
    .returning({ id: campaigns.id })
  if (cancelled.length === 0) {
    await getCampaign(db, id) // 404 when there is none
    throw conflict(CAMPAIGN_MESSAGES.notScheduled)
  }
  return getCampaign(db, id)
}

/** The message as a reader gets it, for the editor's preview; its links unsubscribe nobody. */
export async function previewMessage(
  db: Database,
  id: number,
  context: CampaignMailContext,
): Promise<{ subject: string; html: string; text: string }> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id))
  if (!campaign) throw notFound(CAMPAIGN_MESSAGES.notFound)
  const message = await campaignTestMessage(db, campaign, context)
  return { subject: campaign.subject, html: message.html ?? '', text: message.text }
}

/**
 * Queues the campaign as it stands to the member's own address, as shop mail (it is for the
 * owner, not a reader): answers the address. Its unsubscribe links unsubscribe nobody.
 */
export async function sendTestMessage(
  db: Database,
  id: number,
  address: string | null,
  context: CampaignMailContext,
): Promise<string> {
  if (!address) throw invalid(CAMPAIGN_MESSAGES.noOwnAddress)
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id))
  if (!campaign) throw notFound(CAMPAIGN_MESSAGES.notFound)
  const message = await campaignTestMessage(db, campaign, context)
  await enqueueMail(db, { kind: 'campaign-test', to: address, ...message })
  return address
}
