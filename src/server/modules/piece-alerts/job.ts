import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { categoryPath } from '../../../shared/catalog/rules'
import { storedImage } from '../../../shared/media/images'
import type { DbOrTx } from '../../db/client'
import { idRow, queryRows } from '../../db/query-rows'
import type { Sweep } from '../../jobs/sweeps'
import { enqueueMails, type OutgoingMail } from '../mail/outbox'
import { type ArrivedPiece, similarPieceMail } from '../mail/templates/piece-alert-mails'
import { oneClickUrl, type PieceAlertContext, unsubscribeUrl } from './service'

// The alert job, every minute in a runner of its own (plugins/jobs.ts), one instance at a time
// (the runner's advisory lock) and one batch per transaction. A new piece is one that came on sale
// (piece_arrivals, kept by a trigger on products) after the address first asked, is still
// available, and that this address was never told about (piece_alert_sends). Each waiting
// address of the category is claimed `for update skip locked`, its pieces are written down as told
// in the same statement that finds them (a conflict on (email, piece) drops one already told),
// and one e-mail naming them is queued in the same transaction: either all of that commits, or
// none and the next round tries again. Nobody hears twice of one piece.

/** An address is kept this long after it last asked; pieces on sale longer ago are not news. */
export const PIECE_ALERT_RETENTION_MS = 365 * 24 * 60 * 60_000

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`

/** The SQL of a new piece for alert `a`: `p` on sale since `r.arrived_at`, within the window. */
const newPieceFor = (now: Date) => sql`
  p.status = 'available' and lower(p.category) = a.category
  and r.arrived_at > a.created_at and r.arrived_at <= ${timestamp(now)}
  and r.arrived_at > ${timestamp(new Date(now.getTime() - PIECE_ALERT_RETENTION_MS))}`

const Told = z.object({
  alertId: z.number().int(),
  email: z.string(),
  category: z.string(),
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string().nullable(),
})
type Told = z.input<typeof Told>

/** An absolute address for an e-mail; for our own uploads, the 640 px file (large enough, light). */
export function mailImage(publicUrl: string, url: string | null): string | null {
  if (!url) return null
  const stored = storedImage(url)
  const path = stored ? `/uploads/${stored.hash}-${Math.min(stored.largest, 640)}.webp` : url
  return path.startsWith('/') ? `${publicUrl}${path}` : path
}

/** `onQueued` runs after a batch that queued e-mails commits (the mail worker sends them at once). */
export function similarPieceAlerts(context: PieceAlertContext, onQueued: () => void = () => {}): Sweep {
  const publicUrl = context.publicUrl.replace(/\/+$/, '')
  return {
    name: 'similar piece alerts',
    async run(db: DbOrTx, now: Date, limit: number): Promise<number> {
      const claimed = await queryRows(
        db,
        idRow,
        sql`select a.id from piece_alerts a
            where a.confirmed_at is not null
              and exists (
                select from piece_arrivals r join products p on p.id = r.product_id
                where ${newPieceFor(now)}
                  and not exists (select from piece_alert_sends s where s.email = a.email and s.product_id = p.id))
            order by a.id
            limit ${limit}
            for update of a skip locked`,
      )
      if (claimed.length === 0) return 0
      const ids = sql.join(
        claimed.map((row) => sql`${row.id}`),
        sql`, `,
      )
      const told = await queryRows(
        db,
        Told,
        sql`with news as (
              select a.id as alert_id, a.email, a.category, p.id as product_id, r.arrived_at
              from piece_alerts a
              join products p on lower(p.category) = a.category
              join piece_arrivals r on r.product_id = p.id
              where a.id in (${ids}) and ${newPieceFor(now)}
            ),
            told as (
              insert into piece_alert_sends (email, product_id, sent_at)
              select email, product_id, ${timestamp(now)} from news
              on conflict do nothing
              returning email, product_id
            )
            select n.alert_id as "alertId", n.email, n.category, p.id, p.name, p.price,
              p.original_price as "originalPrice", p.image_urls[1] as "imageUrl", p.image_alts[1] as "imageAlt"
            from told t
            join news n on n.email = t.email and n.product_id = t.product_id
            join products p on p.id = t.product_id
            order by n.alert_id, n.arrived_at desc, p.id desc`,
      )
      const byAlert = new Map<number, Told[]>()
      for (const row of told) byAlert.set(row.alertId, [...(byAlert.get(row.alertId) ?? []), row])
      const mails: OutgoingMail[] = [...byAlert].map(([alertId, rows]) => {
        const { email, category } = rows[0]!
        const token = context.tokens.sign(alertId)
        const pieces: ArrivedPiece[] = rows.map((row) => ({
          name: row.name,
          price: row.price,
          originalPrice: row.originalPrice,
          url: `${publicUrl}/product/${row.id}`,
          imageUrl: mailImage(publicUrl, row.imageUrl),
          imageAlt: row.imageAlt || row.name,
        }))
        return similarPieceMail(
          email,
          {
            category,
            pieces,
            categoryUrl: `${publicUrl}${categoryPath(category)}`,
            unsubscribeUrl: unsubscribeUrl(publicUrl, token),
            oneClickUrl: oneClickUrl(publicUrl, token),
          },
          context.store,
        )
      })
      if (mails.length > 0) await enqueueMails(db, mails)
      return claimed.length
    },
    afterCommit: (count) => {
      if (count > 0) onQueued()
    },
  }
}
