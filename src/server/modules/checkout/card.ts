import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  type CheckoutForm,
  checkoutFormSchema,
  GIFT_CARD_CHECKOUT_MESSAGES,
  type OrderLine,
  PRICES_CHANGED,
  TAX_NEEDS_ADDRESS,
} from '../../../shared/checkout/schema'
import {
  type GiftCardPayment,
  type PayingCard,
  planGiftCardPayments,
} from '../../../shared/gift-cards/payments'
import { TAX_MESSAGES, type TaxCalculation } from '../../../shared/tax/schema'
import { crashPoint } from '../../crash-points'
import type { Database } from '../../db/client'
import { conflict, DomainError, invalid, isDomainError, notFound } from '../../errors'
import { products } from '../catalog/schema'
import { processRefund } from '../ledger/refund-worker'
import { refunds } from '../ledger/schema'
import type { PaymentProvider } from '../payments/provider'
import { readTaxSettings } from '../tax/service'
import type { CheckoutContext } from './checkout-context'
import {
  codeDiscount,
  linesSubtotal,
  mergeLines,
  placeOrder,
  priceLines,
  taxFor,
  unavailableReason,
} from './place-order'
import { checkoutAttempts } from './schema'

// Card checkout (DESIGN.md §4): the amount comes from the database; the intent and what it pays
// for are kept as a checkout attempt; the order is created once per intent, by whichever arrives
// first, the browser or the provider's webhook.

export interface CardAttemptInput {
  /** What the browser believes the card pays (the total less the gift cards); compared, never used. */
  amount: number
  /** Gift cards paying first (issue 36), as looked up for this request; the card pays what they leave. */
  giftCards?: PayingCard[]
  /** The sales tax within it, as the browser showed it; compared when sent. */
  tax?: number
  lines: OrderLine[]
  /** The discount code applied to the cart, priced again at the order under its row lock. */
  discountCode?: string
  form: CheckoutForm | undefined
  /** The visitor's session, or how to start one once the intent exists (nothing before a refusal). */
  sessionId: string | (() => Promise<string>)
  userId: number | null
  metadata: Record<string, string>
}

/** No tax: the shop does not collect it, or the payment was started before it did. */
const UNTAXED: TaxCalculation = { tax: 0, lines: [], note: TAX_MESSAGES.off }

/**
 * The tax on a card payment, from the form's address. A client that pays the session's cart without
 * the form cannot be taxed: refused while the shop collects tax, untaxed (as before) otherwise.
 */
async function cardTax(
  db: Database,
  context: CheckoutContext,
  form: CheckoutForm | undefined,
  amounts: { subtotal: number; discount: number; shippingCost: number },
  userId: number | null,
): Promise<TaxCalculation> {
  if (form) return taxFor(db, context, form, amounts, userId)
  const settings = (await context.taxSettings?.get(db)) ?? (await readTaxSettings(db))
  if (settings.enabled) throw invalid(TAX_NEEDS_ADDRESS, 'form')
  return UNTAXED
}

export async function startCardPayment(
  db: Database,
  provider: PaymentProvider,
  context: CheckoutContext,
  input: CardAttemptInput,
) {
  const lines = mergeLines(input.lines)
  const rows = await db
    .select()
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((line) => line.productId),
      ),
    )
  const byId = new Map(rows.map((row) => [row.id, row]))
  for (const line of lines) {
    const reason = unavailableReason(byId.get(line.productId), line.quantity)
    if (reason) throw conflict(reason)
  }
  const discount = input.discountCode
    ? await codeDiscount(db, input.discountCode, linesSubtotal(lines, byId))
    : 0
  const untaxed = priceLines(lines, byId, context, discount)
  const tax = await cardTax(db, context, input.form, untaxed, input.userId)
  const amounts = { ...untaxed, total: untaxed.total + tax.tax }
  const pricesMatch = lines.every((line) => byId.get(line.productId)!.price === line.price)
  const taxMatches = input.tax === undefined || input.tax === tax.tax
  // Without gift cards the card pays the total, as it always did; nothing more is read.
  const gifts = input.giftCards?.length
    ? planGiftCardPayments(input.giftCards, amounts.total)
    : { payments: [], amountDue: amounts.total }
  if (!pricesMatch || !taxMatches || gifts.amountDue !== input.amount) throw conflict(PRICES_CHANGED)
  const giftCards = gifts.payments.filter((payment) => payment.amount > 0)
  if (giftCards.length && gifts.amountDue === 0)
    throw invalid(GIFT_CARD_CHECKOUT_MESSAGES.coveredAlready, 'paymentMethod')

  const intent = await provider.createIntent({
    amount: gifts.amountDue,
    currency: 'usd',
    metadata: input.metadata,
    idempotencyKey: randomUUID(),
  })
  const sessionId = typeof input.sessionId === 'string' ? input.sessionId : await input.sessionId()
  await db.insert(checkoutAttempts).values({
    paymentIntentId: intent.id,
    sessionId,
    userId: input.userId,
    form: input.form ?? {},
    cartSnapshot: {
      lines,
      ...amounts,
      taxCalculation: tax,
      ...(input.discountCode ? { discountCode: input.discountCode } : {}),
      // The cards by id and what each pays, never their codes: debited when the order is placed.
      ...(giftCards.length ? { giftCards, amountDue: gifts.amountDue } : {}),
    } satisfies Snapshot,
    amount: gifts.amountDue,
  })
  return { intent, amount: gifts.amountDue }
}

interface Snapshot {
  lines: OrderLine[]
  subtotal: number
  discount?: number
  discountCode?: string
  shippingCost: number
  /** The tax the payment's amount includes, kept as computed then; absent before issue 34. */
  taxCalculation?: TaxCalculation
  total: number
  /** The gift cards paying first and what each pays (issue 36); the card pays `amountDue`. */
  giftCards?: GiftCardPayment[]
  amountDue?: number
}

/** Who posts a payment from the browser: the session that started it, or its signed-in user. */
export interface PaymentOwner {
  sessionId: string | undefined
  userId: number | undefined
}

/**
 * Turns a succeeded payment into its order, exactly once. The attempt's row lock makes the
 * browser and the webhook take turns; the second finds the order the first created. When the
 * piece was sold meanwhile, the payment goes back to the shopper.
 */
export async function completeCardPayment(
  db: Database,
  provider: PaymentProvider,
  context: CheckoutContext,
  intentId: string,
  fallbackForm?: CheckoutForm,
  /** The browser's session; absent for the provider's webhook, which may complete any intent. */
  owner?: PaymentOwner,
): Promise<{ orderId: number; created: boolean }> {
  const [attempt] = await db
    .select()
    .from(checkoutAttempts)
    .where(eq(checkoutAttempts.paymentIntentId, intentId))
  if (!attempt) throw notFound('Payment not found')
  // An intent id seen elsewhere (a shared screen, a log, a guess) is no ticket to an order: from
  // the browser, only the session that created the intent, or the same signed-in account after
  // its session id rotated, completes it. Anyone else hears the same as for an unknown id.
  if (owner) {
    const sameSession = attempt.sessionId !== null && attempt.sessionId === owner.sessionId
    const sameUser = attempt.userId !== null && attempt.userId === owner.userId
    if (!sameSession && !sameUser) throw notFound('Payment not found')
  }
  if (attempt.status === 'completed' && attempt.orderId !== null)
    return { orderId: attempt.orderId, created: false }
  if (attempt.status === 'refunded')
    throw conflict(refundedMessage('A piece in your order is no longer available'))

  const intent = await provider.retrieveIntent(intentId)
  if (intent.status !== 'succeeded')
    throw new DomainError('payment-required', 'Payment has not been completed')
  if (intent.amount !== attempt.amount) throw conflict(PRICES_CHANGED)

  const parsedForm = checkoutFormSchema.safeParse(attempt.form)
  const form = parsedForm.success ? parsedForm.data : fallbackForm
  if (!form) throw conflict('The order details for this payment are missing')
  const snapshot = attempt.cartSnapshot as Snapshot

  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(checkoutAttempts)
        .where(eq(checkoutAttempts.id, attempt.id))
        .for('update')
      if (locked?.status === 'completed' && locked.orderId !== null)
        return { orderId: locked.orderId, created: false }
      if (locked?.status === 'refunded') throw conflict('A piece in your order is no longer available')
      const placed = await placeOrder(tx, context, {
        form,
        lines: snapshot.lines,
        claimed: {
          subtotal: snapshot.subtotal,
          discount: snapshot.discount ?? 0,
          shippingCost: snapshot.shippingCost,
          tax: (snapshot.taxCalculation ?? UNTAXED).tax,
          total: snapshot.total,
        },
        // A payment started before the shop collected tax was paid without it.
        tax: snapshot.taxCalculation ?? UNTAXED,
        discountCode: snapshot.discountCode,
        // Each card pays exactly what it was planned to: the card was charged the rest.
        giftCards: snapshot.giftCards?.map((card) => ({
          cardId: card.cardId,
          last4: card.last4,
          balance: card.amount,
        })),
        payment: { method: 'stripe', intentId, amount: intent.amount },
        userId: attempt.userId,
        sessionId: attempt.sessionId ?? undefined,
      })
      crashPoint('card:order-placed')
      await tx
        .update(checkoutAttempts)
        .set({ status: 'completed', orderId: placed.orderId, updatedAt: new Date() })
        .where(eq(checkoutAttempts.id, attempt.id))
      return placed
    })
  } catch (error) {
    if (!isDomainError(error, 'conflict')) throw error
    await refundOnce(db, provider, attempt.id, { intentId, amount: intent.amount, reason: error.message })
    throw conflict(refundedMessage(error.message))
  }
}

const refundedMessage = (reason: string) => `${reason}. Your payment has been refunded.`

/**
 * Only the caller that flips the attempt to refunded writes the refund, in the same transaction,
 * so money goes back once; the provider is asked after the commit (the refund worker finishes it
 * after a crash or an outage, docs/decisions/011). The key names the intent: one refund per payment.
 */
async function refundOnce(
  db: Database,
  provider: PaymentProvider,
  attemptId: number,
  payment: { intentId: string; amount: number; reason: string },
) {
  const refundId = await db.transaction(async (tx) => {
    const flipped = await tx
      .update(checkoutAttempts)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(and(eq(checkoutAttempts.id, attemptId), eq(checkoutAttempts.status, 'pending')))
      .returning({ id: checkoutAttempts.id })
    if (flipped.length === 0) return undefined
    const [row] = await tx
      .insert(refunds)
      .values({
        amount: payment.amount,
        method: 'stripe',
        reason: payment.reason,
        status: 'pending',
        paymentIntentId: payment.intentId,
        idempotencyKey: `refund-${payment.intentId}`,
        nextAttemptAt: sql`now()`,
      })
      .returning({ id: refunds.id })
    return row!.id
  })
  if (refundId === undefined) return
  crashPoint('refund-after-commit')
  await processRefund({ db, provider }, refundId)
}
