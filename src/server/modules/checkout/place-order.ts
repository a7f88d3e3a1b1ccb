import { and, eq, inArray } from 'drizzle-orm'
import { quoteShipping } from '../../../shared/cart'
import { type CheckoutForm, type OrderLine, PRICES_CHANGED } from '../../../shared/checkout'
import type { StoreInfo } from '../../../shared/ssr'
import type { DbOrTx, Tx } from '../../db/client'
import { cartItems, customers, orderItems, orders, payments, products, sales } from '../../db/schema'
import { conflict } from '../../http/errors'
import { isUniqueViolation } from '../accounts/service'
import { enqueueMail } from '../mail/outbox'
import { newOrderNoticeMail, type OrderMailData, orderConfirmationMail } from '../mail/templates'

type ProductRow = typeof products.$inferSelect

export interface CheckoutContext {
  shipping: { freeThresholdCents: number; flatCents: number }
  store: StoreInfo
  publicUrl: string
}

export type OrderPayment = { method: 'zelle' } | { method: 'stripe'; intentId: string; amount: number }

export interface PlaceOrderInput {
  form: CheckoutForm
  lines: OrderLine[]
  /** The totals the shopper saw; compared with today's, never trusted. */
  claimed: { subtotal: number; shippingCost: number; total: number }
  payment: OrderPayment
  userId: number | null
  sessionId: string | undefined
  idempotencyKey?: string
}

export interface PlacedOrder {
  orderId: number
  /** False when the order already existed (a retried submission or a replayed webhook). */
  created: boolean
}

/** One line per piece: a piece listed twice is one line with both quantities. */
export function mergeLines(lines: OrderLine[]): OrderLine[] {
  const merged = new Map<number, OrderLine>()
  for (const line of lines) {
    const existing = merged.get(line.productId)
    merged.set(
      line.productId,
      existing ? { ...existing, quantity: existing.quantity + line.quantity } : { ...line },
    )
  }
  return [...merged.values()].sort((a, b) => a.productId - b.productId)
}

/** Why a line cannot be bought now, in words for the shopper. */
export function unavailableReason(product: ProductRow | undefined, quantity: number): string | undefined {
  if (!product || product.status === 'draft') return 'A piece in your cart is no longer available'
  if (product.status === 'sold') return `Sorry, "${product.name}" has just been sold`
  if (product.status !== 'available' || product.stockQuantity <= 0)
    return `Sorry, "${product.name}" is no longer available`
  if (quantity > product.stockQuantity) return `Only ${product.stockQuantity} of "${product.name}" available`
  return undefined
}

/** The amounts of an order, from today's prices. */
export function priceLines(lines: OrderLine[], byId: Map<number, ProductRow>, context: CheckoutContext) {
  const subtotal = lines.reduce((sum, line) => sum + byId.get(line.productId)!.price * line.quantity, 0)
  const shippingCost = quoteShipping(subtotal, context.shipping).cost
  return { subtotal, shippingCost, total: subtotal + shippingCost }
}

async function findExisting(tx: DbOrTx, input: PlaceOrderInput): Promise<number | undefined> {
  const conditions = []
  if (input.idempotencyKey) conditions.push(eq(orders.idempotencyKey, input.idempotencyKey))
  if (input.payment.method === 'stripe') conditions.push(eq(orders.paymentId, input.payment.intentId))
  for (const condition of conditions) {
    const [row] = await tx.select({ id: orders.id }).from(orders).where(condition)
    if (row) return row.id
  }
  return undefined
}

/**
 * Places an order in one transaction: lock the pieces, check they can still be bought at the
 * prices the shopper saw, write the order, take the stock, record a card payment and its sales,
 * empty the cart and queue the e-mails. Anything failing leaves nothing behind.
 */
export async function placeOrder(
  tx: Tx,
  context: CheckoutContext,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const lines = mergeLines(input.lines)
  const ids = lines.map((line) => line.productId)

  // Step 1: lock the pieces, in id order so two checkouts never wait on each other in a circle.
  const locked = await tx
    .select()
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id)
    .for('update')
  const byId = new Map(locked.map((product) => [product.id, product]))

  // Step 2: a retried submission (same key) or a second notice of one payment gets the same order.
  // Checked after the lock: a twin that committed while we waited is visible now.
  const existing = await findExisting(tx, input)
  if (existing !== undefined) return { orderId: existing, created: false }

  // Step 3: can every piece still be bought, at the price the shopper saw?
  for (const line of lines) {
    const reason = unavailableReason(byId.get(line.productId), line.quantity)
    if (reason) throw conflict(reason)
  }
  const amounts = priceLines(lines, byId, context)
  const pricesMatch = lines.every((line) => byId.get(line.productId)!.price === line.price)
  const totalsMatch =
    amounts.subtotal === input.claimed.subtotal &&
    amounts.shippingCost === input.claimed.shippingCost &&
    amounts.total === input.claimed.total
  const paidMatches = input.payment.method !== 'stripe' || input.payment.amount === amounts.total
  if (!pricesMatch || !totalsMatch || !paidMatches) throw conflict(PRICES_CHANGED)

  // Step 4: the order and its lines.
  const paid = input.payment.method === 'stripe'
  const { form } = input
  const [customer] = await tx
    .insert(customers)
    .values({
      email: form.email,
      firstName: form.firstName,
      lastName: form.lastName,
      address: form.address,
      city: form.city,
      state: form.state,
      zipCode: form.zipCode,
      country: form.country,
      phone: form.phone,
    })
    .returning({ id: customers.id })
  let orderId: number
  try {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: input.userId,
        customerId: customer!.id,
        status: paid ? 'confirmed' : 'pending',
        subtotal: amounts.subtotal,
        shippingCost: amounts.shippingCost,
        total: amounts.total,
        shippingAddress: form.address,
        shippingCity: form.city,
        shippingState: form.state,
        shippingZip: form.zipCode,
        shippingCountry: countryCode(form.country),
        paymentMethod: input.payment.method,
        paymentId: input.payment.method === 'stripe' ? input.payment.intentId : null,
        paymentStatus: paid ? 'paid' : 'unpaid',
        customerName: `${form.firstName} ${form.lastName}`,
        customerEmail: form.email,
        customerPhone: form.phone,
        specialInstructions: form.specialInstructions ?? null,
        appointmentRequest: form.appointmentRequest,
        insuranceInterest: form.insuranceInterest,
        idempotencyKey: input.idempotencyKey ?? null,
      })
      .returning({ id: orders.id })
    orderId = order!.id
  } catch (error) {
    // A twin submission won the race for the same key or payment: it is the order.
    if (isUniqueViolation(error)) throw conflict('This order was already placed')
    throw error
  }
  await tx.insert(orderItems).values(
    lines.map((line) => {
      const product = byId.get(line.productId)!
      return {
        orderId,
        productId: product.id,
        quantity: line.quantity,
        price: product.price,
        productName: product.name,
        productImage: product.imageUrls[0] ?? '',
      }
    }),
  )

  // Step 5: take the stock. The last unit of a Zelle order reserves the piece until it is paid;
  // a card order has been paid, so its last unit sells it.
  const soldOutStatus = paid ? 'sold' : 'reserved'
  for (const line of lines) {
    const product = byId.get(line.productId)!
    const left = product.stockQuantity - line.quantity
    await tx
      .update(products)
      .set({
        stockQuantity: left,
        ...(left === 0 ? { status: soldOutStatus } : {}),
        ...(left === 0 && paid ? { soldAt: new Date(), soldPrice: product.price } : {}),
        updatedAt: new Date(),
      })
      .where(eq(products.id, product.id))
  }

  // Step 6: a card order is paid in full: its payment and its sales go on the books.
  if (input.payment.method === 'stripe') {
    await tx.insert(payments).values({
      orderId,
      amount: amounts.total,
      method: 'stripe',
      note: 'Card payment',
      providerReference: input.payment.intentId,
    })
    await tx.insert(sales).values(
      lines.map((line) => {
        const product = byId.get(line.productId)!
        const salePrice = product.price * line.quantity
        const cost = product.cost === null ? null : product.cost * line.quantity
        return {
          productId: product.id,
          salePrice,
          cost,
          profit: cost === null ? null : salePrice - cost,
          paymentMethod: 'stripe',
          customerName: `${form.firstName} ${form.lastName}`,
          customerEmail: form.email,
          source: 'order',
          orderId,
        }
      }),
    )
  }

  // Step 7: the bought pieces leave the cart.
  if (input.sessionId) {
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.sessionId, input.sessionId), inArray(cartItems.productId, ids)))
  }

  // Step 8: the e-mails, sent by the outbox worker once this commits.
  const mail: OrderMailData = {
    id: orderId,
    customerName: `${form.firstName} ${form.lastName}`,
    customerEmail: form.email,
    customerPhone: form.phone,
    paymentMethod: input.payment.method,
    paymentStatus: paid ? 'paid' : 'unpaid',
    items: lines.map((line) => ({
      name: byId.get(line.productId)!.name,
      quantity: line.quantity,
      price: byId.get(line.productId)!.price,
    })),
    ...amounts,
    shipping: {
      address: form.address,
      city: form.city,
      state: form.state,
      zip: form.zipCode,
      country: form.country,
    },
    specialInstructions: form.specialInstructions ?? null,
    appointmentRequest: form.appointmentRequest,
    insuranceInterest: form.insuranceInterest,
  }
  await enqueueMail(tx, orderConfirmationMail(mail, context.store, context.publicUrl))
  await enqueueMail(tx, newOrderNoticeMail(mail, context.store, context.publicUrl))

  return { orderId, created: true }
}

/** Orders keep ISO country codes; the form says "United States". */
function countryCode(country: string): string {
  return /^(us|usa|united states( of america)?)$/i.test(country.trim()) ? 'US' : country.trim().slice(0, 60)
}
