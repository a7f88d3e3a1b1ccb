import { and, asc, count, desc, eq, ilike, ne, sql } from 'drizzle-orm'
import type { ListQuery, Page } from '../../../shared/admin/list'
import { discountRefusal, discountRefusalMessage, discountStatus } from '../../../shared/discounts/rules'
import { DISCOUNT_MESSAGES, type Discount, type DiscountFields } from '../../../shared/discounts/schema'
import type { Database, DbOrTx } from '../../db/client'
import { containsPattern, pageWindow } from '../../db/paging'
import { isUniqueViolation } from '../../db/unique-violation'
import { conflict, notFound } from '../../errors'
import { discountCodes } from './schema'

// The back office's discount codes (issue 25). How a code prices an order lives in checkout's
// statement (checkout/place-order.ts) and the cart (cart-discount.ts); both read these rows.

export type DiscountRow = typeof discountCodes.$inferSelect

export function toDiscount(row: DiscountRow, now = new Date()): Discount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as Discount['kind'],
    value: row.value,
    minSubtotal: row.minSubtotal,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses: row.uses,
    active: row.active,
    welcome: row.welcome,
    note: row.note,
    status: discountStatus(row, now),
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listDiscounts(db: DbOrTx, query: ListQuery): Promise<Page<Discount>> {
  const where = query.search ? ilike(discountCodes.code, containsPattern(query.search)) : undefined
  const { limit, offset } = pageWindow(query)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(discountCodes)
      .where(where)
      .orderBy(desc(discountCodes.createdAt), asc(discountCodes.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(discountCodes).where(where),
  ])
  const now = new Date()
  return { items: rows.map((row) => toDiscount(row, now)), total: Number(total?.n ?? 0) }
}

/** Codes are unique ignoring case: a second spelling of a code is refused on its field. */
async function writing<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DISCOUNT_MESSAGES.taken, 'code')
    throw error
  }
}

/** One welcome code at a time: marking this one unmarks the one before, in the same transaction. */
async function unmarkOtherWelcome(tx: DbOrTx, fields: DiscountFields, id?: number) {
  if (!fields.welcome) return
  await tx
    .update(discountCodes)
    .set({ welcome: false, updatedAt: new Date() })
    .where(
      id === undefined
        ? eq(discountCodes.welcome, true)
        : and(eq(discountCodes.welcome, true), ne(discountCodes.id, id)),
    )
}

export async function createDiscount(db: Database, fields: DiscountFields): Promise<Discount> {
  const [row] = await writing(() =>
    db.transaction(async (tx) => {
      await unmarkOtherWelcome(tx, fields)
      return tx.insert(discountCodes).values(fields).returning()
    }),
  )
  return toDiscount(row!)
}

/** The owner's edit; `uses` is the orders' to keep, never the form's. */
export async function updateDiscount(db: Database, id: number, fields: DiscountFields): Promise<Discount> {
  const [row] = await writing(() =>
    db.transaction(async (tx) => {
      await unmarkOtherWelcome(tx, fields, id)
      return tx
        .update(discountCodes)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(discountCodes.id, id))
        .returning()
    }),
  )
  if (!row) throw notFound(DISCOUNT_MESSAGES.notFound)
  return toDiscount(row)
}

/** Orders placed with the code keep its name and amount; only their link to the row goes. */
export async function deleteDiscount(db: DbOrTx, id: number): Promise<void> {
  const deleted = await db
    .delete(discountCodes)
    .where(eq(discountCodes.id, id))
    .returning({ id: discountCodes.id })
  if (deleted.length === 0) throw notFound(DISCOUNT_MESSAGES.notFound)
}

export async function findCode(db: DbOrTx, code: string): Promise<DiscountRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`lower(${discountCodes.code}) = lower(${code.trim()})`)
  return row
}

/** The words for why a code cannot price this subtotal now, or undefined when it can. */
/** The welcome code, while it can be used, for the newsletter's welcome e-mail. */
export async function welcomeCode(db: DbOrTx): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.welcome, true))
  return row && discountRefusal(row, Number.POSITIVE_INFINITY) === undefined ? row : undefined
}

export function codeProblem(row: DiscountRow | undefined, subtotal: number): string | undefined {
  const refusal = discountRefusal(row, subtotal)
  return refusal && discountRefusalMessage(refusal, row?.minSubtotal)
}
