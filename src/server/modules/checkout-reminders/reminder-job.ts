import { eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { purchaseRefusal } from '../../../shared/cart/purchase'
import { storedImage } from '../../../shared/media/images'
import type { StoreInfo } from '../../../shared/ssr'
import type { DbOrTx } from '../../db/client'
import { idRow, queryRows } from '../../db/query-rows'
import type { Sweep } from '../../jobs/sweeps'
import { products } from '../catalog/schema'
import { enqueueMail } from '../mail/outbox'
import { checkoutReminderMail, type ReminderPiece } from '../mail/templates/checkout-reminder-mail'
import { trimSlash } from '../mail/templates/layout'
import { REMINDER_PATHS, type ReminderLinks, type ResumeLine } from './reminder-links'
import { reminderWindow, timestamp } from './reminder-window'
import { reminderRecipients } from './schema'

// The unfinished-checkout reminder (issue 25). A card checkout whose shopper gave an address (a
// checkout attempt), or a signed-in shopper's cart, with no order ABANDONED_CHECKOUT_HOURS later,
// gets one e-mail: the pieces still available, a link back to checkout that puts them into the
// cart, and a one-click unsubscribe. The job runs every minute in the reservation runner
// (plugins/jobs.ts), one instance at a time under its advisory lock, and is exact without it too:
// - every checkout it looks at gets a row in checkout_reminders, sent or not (with the reason),
//   under a unique key (the attempt; the cart's session and last change), inserted before the
//   mail is queued in the same transaction: a second worker's insert waits for the first, finds
//   its row and does nothing. Attempts are claimed `for update skip locked` besides, so two
//   workers seldom even meet;
// - an address is reminded at most once a day (REMINDER_GAP_HOURS), whatever the number of
//   checkouts it left: an upsert of its reminder_recipients row lets one reminder through, and
//   none while the address has unsubscribed;
// - no reminder after an order by the same address or account, and none when a later checkout
//   (reminded in its turn) or every piece being sold makes it pointless.
// Mail goes through the outbox, so the worker's pace (it yields to shoppers in a rush) and its
// retries apply; the worker is kicked once the batch commits (onMailQueued).

/** One address hears about unfinished checkouts at most once in this many hours. */
export const REMINDER_GAP_HOURS = 24

export interface CheckoutReminderContext {
  store: StoreInfo
  publicUrl: string
  links: ReminderLinks
  /** ABANDONED_CHECKOUT_HOURS, more than 0. */
  hours: number
  /** Wakes the mail worker (its kick), after a batch that queued reminders commits. */
  onMailQueued?: () => void
}

export type ReminderOutcome =
  | 'sent'
  | 'no-address'
  | 'ordered'
  | 'superseded'
  | 'sold'
  | 'unsubscribed'
  | 'recent'

const Candidate = z.object({
  attemptId: z.number().int().nullable(),
  sessionId: z.string().nullable(),
  /** The cart's last change as PostgreSQL wrote it (microseconds kept: it is part of the key). */
  cartChangedAt: z.string().nullable(),
  userId: z.number().int().nullable(),
  email: z.string().nullable(),
  ordered: z.boolean(),
  superseded: z.boolean(),
  /** The snapshot's lines as the shopper's browser sent them: linesOf reads what it can. */
  lines: z.unknown(),
})
type Candidate = z.input<typeof Candidate>

type ProductRow = Pick<
  typeof products.$inferSelect,
  'id' | 'name' | 'price' | 'status' | 'stockQuantity' | 'imageUrls'
>

/** The unfinished-checkout reminders, as a job of the runner (plugins/jobs.ts). */
export function checkoutReminders(context: CheckoutReminderContext): Sweep {
  return {
    name: 'checkout reminders',
    async run(db: DbOrTx, now: Date, limit: number): Promise<number> {
      const attempts = await dueAttempts(db, context.hours, now, limit)
      const carts =
        attempts.length < limit ? await dueCarts(db, context.hours, now, limit - attempts.length) : []
      const candidates = [...attempts, ...carts]
      if (candidates.length === 0) return 0
      const products = await productsOf(db, candidates)
      for (const candidate of candidates) await remind(db, context, candidate, products, now)
      return candidates.length
    },
    // The reminders queued in this batch go out now, not at the worker's next poll.
    afterCommit: (count) => {
      if (count > 0) context.onMailQueued?.()
    },
  }
}

/**
 * Card checkouts started in the window and never finished, oldest first, with the address the
 * shopper typed (or their account's) and whether an order or a later checkout followed.
 */
function dueAttempts(db: DbOrTx, hours: number, now: Date, limit: number): Promise<Candidate[]> {
  const { due, oldest } = reminderWindow(hours, now)
  return queryRows(
    db,
    Candidate,
    sql`select a.id as "attemptId", a.session_id as "sessionId", null as "cartChangedAt",
          a.user_id as "userId", e.email,
          exists (select from orders o where o.created_at >= a.created_at
            and (lower(o.customer_email) = e.email or o.user_id = a.user_id)) as ordered,
          exists (select from checkout_attempts b where b.order_id is null and b.status = 'pending'
            and b.created_at > a.created_at and lower(b.form->>'email') = e.email) as superseded,
          a.cart_snapshot->'lines' as lines
        from checkout_attempts a
        left join users u on u.id = a.user_id
        cross join lateral (
          select coalesce(nullif(lower(trim(a.form->>'email')), ''), lower(u.email)) as email
        ) e
        where a.order_id is null and a.status = 'pending'
          and a.created_at <= ${timestamp(due)} and a.created_at > ${timestamp(oldest)}
          and not exists (select from checkout_reminders r where r.attempt_id = a.id)
        order by a.created_at, a.id
        limit ${limit}
        for update of a skip locked`,
  )
}

/**
 * Signed-in shoppers' carts (not the owner's) last changed in the window, oldest first. A card
 * checkout started from the cart since its last change supersedes it: that attempt is reminded.
 */
function dueCarts(db: DbOrTx, hours: number, now: Date, limit: number): Promise<Candidate[]> {
  const { due, oldest } = reminderWindow(hours, now)
  return queryRows(
    db,
    Candidate,
    sql`with carts as (
          select c.session_id, max(c.changed_at) as changed_at
          from cart_items c
          where c.session_id in (select session_id from cart_items
            where changed_at <= ${timestamp(due)} and changed_at > ${timestamp(oldest)})
          group by c.session_id
          having max(c.changed_at) <= ${timestamp(due)}
        )
        select null as "attemptId", carts.session_id as "sessionId",
          carts.changed_at::text as "cartChangedAt", u.id as "userId", lower(u.email) as email,
          exists (select from orders o where o.created_at >= carts.changed_at
            and (o.user_id = u.id or lower(o.customer_email) = lower(u.email))) as ordered,
          exists (select from checkout_attempts a where a.session_id = carts.session_id
            and a.created_at >= carts.changed_at) as superseded,
          (select json_agg(json_build_object('productId', c.product_id, 'quantity', c.quantity)
            order by c.added_at, c.id) from cart_items c where c.session_id = carts.session_id) as lines
        from carts
        join sessions s on s.sid = carts.session_id
        join users u on u.id = (s.sess->>'userId')::int and not u.is_admin
        where not exists (select from checkout_reminders r where r.attempt_id is null
          and r.session_id = carts.session_id and r.cart_changed_at = carts.changed_at)
        order by carts.changed_at, carts.session_id
        limit ${limit}`,
  )
}

/** The lines of a snapshot or cart, one per piece, whatever shape an old row has. */
function linesOf(raw: unknown): ResumeLine[] {
  if (!Array.isArray(raw)) return []
  const lines = new Map<number, number>()
  for (const line of raw as { productId?: unknown; quantity?: unknown }[]) {
    const { productId, quantity } = line ?? {}
    if (Number.isInteger(productId) && Number.isInteger(quantity) && (quantity as number) > 0)
      lines.set(productId as number, (lines.get(productId as number) ?? 0) + (quantity as number))
  }
  return [...lines].map(([productId, quantity]) => ({ productId, quantity }))
}

async function productsOf(db: DbOrTx, candidates: Candidate[]): Promise<Map<number, ProductRow>> {
  const ids = [
    ...new Set(candidates.flatMap((candidate) => linesOf(candidate.lines).map((l) => l.productId))),
  ]
  if (ids.length === 0) return new Map()
  const rows: ProductRow[] = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      status: products.status,
      stockQuantity: products.stockQuantity,
      imageUrls: products.imageUrls,
    })
    .from(products)
    .where(inArray(products.id, ids))
  return new Map(rows.map((row) => [row.id, row]))
}

/** The pieces still for sale, in the quantity asked or what is left. Sold, held and drafts drop out. */
function stillAvailable(lines: ResumeLine[], products: Map<number, ProductRow>) {
  return lines.flatMap((line) => {
    const product = products.get(line.productId)
    if (!product || purchaseRefusal(product, 1)) return []
    return [{ product, quantity: Math.min(line.quantity, product.stockQuantity) }]
  })
}

async function remind(
  db: DbOrTx,
  context: CheckoutReminderContext,
  candidate: Candidate,
  products: Map<number, ProductRow>,
  now: Date,
): Promise<void> {
  const pieces = stillAvailable(linesOf(candidate.lines), products)
  const email = candidate.email
  const outcome: ReminderOutcome = !email
    ? 'no-address'
    : candidate.ordered
      ? 'ordered'
      : candidate.superseded
        ? 'superseded'
        : pieces.length === 0
          ? 'sold'
          : 'sent'
  const [claimed] = await queryRows(
    db,
    idRow,
    sql`insert into checkout_reminders (attempt_id, session_id, cart_changed_at, user_id, email, outcome, created_at)
        values (${candidate.attemptId}, ${candidate.sessionId}, ${candidate.cartChangedAt}::timestamptz,
          ${candidate.userId}, ${email}, ${outcome}, ${timestamp(now)})
        on conflict do nothing
        returning id`,
  )
  // Another worker judged this checkout first.
  if (!claimed || outcome !== 'sent' || !email) return
  const gate = await letThrough(db, email, now)
  if (gate !== 'sent') {
    await db.execute(sql`update checkout_reminders set outcome = ${gate} where id = ${claimed.id}`)
    return
  }
  const lines = pieces.map(({ product, quantity }) => ({ productId: product.id, quantity }))
  const base = trimSlash(context.publicUrl)
  const unsubscribe = encodeURIComponent(context.links.unsubscribeToken(email))
  await enqueueMail(
    db,
    checkoutReminderMail(
      email,
      pieces.map(({ product, quantity }) => reminderPiece(product, quantity, base)),
      {
        checkout: `${base}${REMINDER_PATHS.resume}?token=${encodeURIComponent(context.links.resumeToken(lines, now.getTime()))}`,
        unsubscribePage: `${base}${REMINDER_PATHS.unsubscribePage}?token=${unsubscribe}`,
        unsubscribeOneClick: `${base}${REMINDER_PATHS.unsubscribe}?token=${unsubscribe}`,
      },
      context.store,
    ),
  )
}

const PassedRow = z.object({ email: z.string() })

/**
 * The address's turn: lets one reminder through unless the address unsubscribed or was reminded
 * within REMINDER_GAP_HOURS. Concurrent callers for one address take turns on its row.
 */
async function letThrough(db: DbOrTx, email: string, now: Date): Promise<'sent' | 'unsubscribed' | 'recent'> {
  const since = new Date(now.getTime() - REMINDER_GAP_HOURS * 60 * 60_000)
  const passed = await queryRows(
    db,
    PassedRow,
    sql`insert into reminder_recipients as r (email, last_reminded_at) values (${email}, ${timestamp(now)})
        on conflict (email) do update set last_reminded_at = excluded.last_reminded_at
          where r.unsubscribed_at is null
            and (r.last_reminded_at is null or r.last_reminded_at <= ${timestamp(since)})
        returning r.email`,
  )
  if (passed.length > 0) return 'sent'
  const [row] = await db
    .select({ unsubscribedAt: reminderRecipients.unsubscribedAt })
    .from(reminderRecipients)
    .where(eq(reminderRecipients.email, email))
  return row?.unsubscribedAt ? 'unsubscribed' : 'recent'
}

/** Thumbnails: the pipeline's 320 px WebP where there is one (a 96 px picture at 2x and more). */
function reminderPiece(product: ProductRow, quantity: number, base: string): ReminderPiece {
  const first = product.imageUrls?.[0] ?? null
  const stored = first ? storedImage(first) : undefined
  const path = stored && stored.largest > 320 ? `/uploads/${stored.hash}-320.webp` : first
  return {
    name: product.name,
    price: product.price,
    quantity,
    url: `${base}/product/${product.id}`,
    imageUrl: path && (path.startsWith('/') ? `${base}${path}` : path),
  }
}
