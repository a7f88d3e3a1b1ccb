import { eq } from 'drizzle-orm'
import { discountAmount } from '../../../shared/discounts/rules'
import type { DbOrTx } from '../../db/client'
import { invalid } from '../../errors'
import { cartDiscounts, discountCodes } from './schema'
import { codeProblem, findCode } from './service'

// The code a cart carries. Applying it checks every rule against the cart's subtotal now, so the
// shopper hears at once why a code does not work; checkout checks them all again under the code's
// row lock, since a code can be used up between the cart and the order.

export interface CartDiscount {
  discountCode: string
  /** Cents off the cart's subtotal now; 0 while the code cannot be used (discountProblem says why). */
  discount: number
  discountProblem?: string
}

export async function applyCartCode(
  db: DbOrTx,
  sessionId: string,
  code: string,
  subtotal: number,
): Promise<void> {
  const row = await findCode(db, code)
  const problem = codeProblem(row, subtotal)
  if (problem || !row) throw invalid(problem ?? 'This discount code does not exist', 'code')
  await db
    .insert(cartDiscounts)
    .values({ sessionId, discountCodeId: row.id })
    .onConflictDoUpdate({
      target: cartDiscounts.sessionId,
      set: { discountCodeId: row.id, appliedAt: new Date() },
    })
}

export async function removeCartCode(db: DbOrTx, sessionId: string | undefined): Promise<void> {
  if (sessionId) await db.delete(cartDiscounts).where(eq(cartDiscounts.sessionId, sessionId))
}

/** The applied code and what it takes off this subtotal, or undefined when the cart carries none. */
export async function cartDiscount(
  db: DbOrTx,
  sessionId: string,
  subtotal: number,
): Promise<CartDiscount | undefined> {
  const [row] = await db
    .select({ code: discountCodes })
    .from(cartDiscounts)
    .innerJoin(discountCodes, eq(discountCodes.id, cartDiscounts.discountCodeId))
    .where(eq(cartDiscounts.sessionId, sessionId))
  if (!row) return undefined
  const problem = codeProblem(row.code, subtotal)
  return {
    discountCode: row.code.code,
    discount: problem ? 0 : discountAmount(row.code, subtotal),
    ...(problem ? { discountProblem: problem } : {}),
  }
}
