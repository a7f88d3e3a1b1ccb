import { forShopper, type Purchasable, purchaseRefusal, refusalMessage } from '../../../shared/cart/purchase'
import { orderAmounts } from '../../../shared/cart/rules'
import {
  type CheckoutForm,
  GIFT_CARD_CHECKOUT_MESSAGES,
  type OrderLine,
  PRICES_CHANGED,
  tooManyUnpaidOrders,
  tooManyUnpaidPieces,
} from '../../../shared/checkout/schema'
import {
  type DiscountLimits,
  type DiscountTerms,
  discountAmount,
  discountRefusal,
  discountRefusalMessage,
} from '../../../shared/discounts/rules'
import { type GiftCardPlan, type PayingCard, planGiftCardPayments } from '../../../shared/gift-cards/payments'
import { isUnitedStates, type TaxCalculation } from '../../../shared/tax/schema'
import type { DbOrTx, Tx } from '../../db/client'
import { runPrepared } from '../../db/prepared'
import { conflict, invalid, rateLimited } from '../../errors'
import { codeProblem, findCode } from '../discounts/service'
import { debitForOrder } from '../gift-cards/checkout-payments'
import { canTakeStock, saleRow, sqlText, takeStock } from '../inventory/stock-rules'
import { newOrderAccessKey } from '../orders/access-key'
import { quoteTax } from '../tax/service'
import type { CheckoutContext } from './checkout-context'
import { clientHolder, emailHolder } from './holders'
import { ORDER_MAIL_KINDS } from './order-mail'

/** What checkout reads of a piece, under its row lock. */
export interface Piece {
  id: number
  name: string
  price: number
  cost: number | null
  status: string
  stockQuantity: number
  image: string
}

/** How what the gift cards leave is paid: Zelle later, the card now (its amount), or nothing left ('gift_card'). */
export type OrderPayment =
  | { method: 'zelle' }
  | { method: 'gift_card' }
  | { method: 'stripe'; intentId: string; amount: number }

export interface PlaceOrderInput {
  form: CheckoutForm
  lines: OrderLine[]
  /** The totals the shopper saw; compared with today's, never trusted. */
  claimed: {
    subtotal: number
    discount?: number
    shippingCost: number
    tax?: number
    total: number
    /** What is left once the gift cards paid, as the shopper saw it: compared when sent. */
    amountDue?: number
  }
  /**
   * Gift cards paying first, in this order, as looked up before (gift-cards/checkout-payments.ts);
   * a card payment already charged passes what each was planned to pay as its balance.
   */
  giftCards?: PayingCard[]
  /**
   * The tax computed when the card payment was started, which is what the shopper paid: kept as
   * it was, so a rate table applied meanwhile never refunds a paid order. Absent, it is computed now.
   */
  tax?: TaxCalculation
  /** The discount code the shopper saw applied; the statement prices it under the code's row lock. */
  discountCode?: string
  payment: OrderPayment
  userId: number | null
  sessionId: string | undefined
  idempotencyKey?: string
  /** The shopper's network address (the request's, behind TRUST_PROXY). */
  clientAddress?: string
}

export interface PlacedOrder {
  orderId: number
  /** False when the order already existed (a retried submission or a replayed webhook). */
  created: boolean
}

/** A discount code's row as checkout's statement locked it. */
type CodeRow = DiscountTerms &
  DiscountLimits & {
    id: number
    code: string
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

/** Why a line cannot be bought now: the shop's one rule, in words for the shopper, naming the piece. */
export function unavailableReason(product: Purchasable | undefined, quantity: number): string | undefined {
  const refusal = purchaseRefusal(product, quantity)
  return refusal && refusalMessage(forShopper(refusal), product)
}

/** The subtotal of the lines at these prices. */
export function linesSubtotal(lines: OrderLine[], byId: Map<number, { price: number }>): number {
  return lines.reduce((sum, line) => sum + byId.get(line.productId)!.price * line.quantity, 0)
}

/** The amounts of an order, from today's prices and the cents a discount code takes off. */
export function priceLines(
  lines: OrderLine[],
  byId: Map<number, { price: number }>,
  context: CheckoutContext,
  discount = 0,
) {
  return orderAmounts(linesSubtotal(lines, byId), discount, context.shipping)
}

type Amounts = ReturnType<typeof priceLines>

/** What the code takes off this subtotal now, or a conflict naming why it cannot be used. */
export async function codeDiscount(db: DbOrTx, code: string, subtotal: number): Promise<number> {
  const row = await findCode(db, code)
  const problem = codeProblem(row, subtotal)
  if (problem || !row) throw conflict(problem ?? PRICES_CHANGED)
  return discountAmount(row, subtotal)
}

/**
 * The discount a submission claims. The total is the check (issue 25), so a client that sends a
 * code without its discount has it priced here, from the code as it stands; the statement prices
 * it again under the code's row lock and refuses the order if the two disagree.
 */
async function claimedDiscount(db: DbOrTx, lines: OrderLine[], input: PlaceOrderInput): Promise<number> {
  if (!input.discountCode) return input.claimed.discount ?? 0
  if (input.claimed.discount !== undefined) return input.claimed.discount
  const claimedPrices = new Map(lines.map((line) => [line.productId, { price: line.price }]))
  return codeDiscount(db, input.discountCode, linesSubtotal(lines, claimedPrices))
}

/** The sales tax on these amounts to the form's address, on the shop's day (issue 34). */
export async function taxFor(
  db: DbOrTx,
  context: CheckoutContext,
  form: Pick<CheckoutForm, 'state' | 'zipCode' | 'country'>,
  amounts: { subtotal: number; discount: number; shippingCost: number },
  userId: number | null,
): Promise<TaxCalculation> {
  return quoteTax(db, {
    userId,
    destination: form,
    goods: amounts.subtotal - amounts.discount,
    shipping: amounts.shippingCost,
    timeZone: context.store.timeZone ?? 'UTC',
    settings: await context.taxSettings?.get(db),
    rates: context.taxRates,
  })
}

/**
 * The totals the shopper saw, checked against the line prices they saw. The database then checks
 * each of those prices against today's, under the row lock, so the totals are today's too. The
 * total carries the sales tax; a client that sends its tax has it compared too.
 */
async function claimedAmounts(
  db: DbOrTx,
  lines: OrderLine[],
  input: PlaceOrderInput,
  context: CheckoutContext,
  discount: number,
): Promise<(Amounts & { tax: TaxCalculation }) | null> {
  const claimedPrices = new Map(lines.map((line) => [line.productId, { price: line.price }]))
  // Without a code there is nothing to take off.
  if (!input.discountCode && discount !== 0) return null
  const untaxed = priceLines(lines, claimedPrices, context, discount)
  const tax = input.tax ?? (await taxFor(db, context, input.form, untaxed, input.userId))
  const amounts = { ...untaxed, total: untaxed.total + tax.tax }
  const matches =
    amounts.subtotal === input.claimed.subtotal &&
    amounts.shippingCost === input.claimed.shippingCost &&
    (input.claimed.tax === undefined || input.claimed.tax === tax.tax) &&
    amounts.total === input.claimed.total
  return matches ? { ...amounts, tax } : null
}

/** Why the locked pieces cannot be sold as the lines ask, in words for the shopper. */
function refusal(lines: OrderLine[], pieces: Piece[]): string | undefined {
  const byId = new Map(pieces.map((piece) => [piece.id, piece]))
  for (const line of lines) {
    const reason = unavailableReason(byId.get(line.productId), line.quantity)
    if (reason) return reason
  }
  return lines.some((line) => byId.get(line.productId)!.price !== line.price) ? PRICES_CHANGED : undefined
}

// Checkout is the shop's hottest write, so an order is one prepared statement: it locks the
// pieces (in id order, so two checkouts never wait on each other in a circle), checks that every
// line can still be bought at the price the shopper saw, and only then writes the order, its
// customer and lines, takes the stock, books a card payment and its sales, empties those pieces
// from the cart and queues the two e-mails. Everything hangs on new_order: when a check fails, or
// a twin already holds this idempotency key or payment (ON CONFLICT DO NOTHING), nothing at all
// is written, and the locked pieces come back to say why. The customer's id is drawn first so the
// order can point at it; foreign keys are checked at the end of the statement.
//
// Stock and sale rows are written by the ledger's own fragments (inventory/stock-rules.ts): the last
// unit of a Zelle order reserves the piece until it is paid (for RESERVATION_HOURS at most); a
// card order has been paid, so its last unit sells it.
//
// A Zelle order is refused while its shopper (by e-mail, or by client address: holders.ts) already
// holds MAX_OPEN_UNPAID_ORDERS awaiting payment, or would hold more than MAX_UNPAID_PIECES pieces
// with it. A Zelle order writes its holders and its count of pieces into unpaid_holds, which a
// trigger empties of an order once it is paid, moved on or cancelled (migration 0010), and
// lock_unpaid_holders() counts them under an advisory lock per holder (migration 0012), so two
// orders from one holder at the same instant are counted one after the other. The holders are
// locked before the pieces (the pieces' scan waits on `holding`), always in that order, so two
// checkouts never wait on each other in a circle. A card order is paid: it takes no holder lock.
//
// A discount code (issue 25) is locked after the holders and before the pieces (the pieces' scan
// waits on applied_code), so checkouts sharing a code take turns on its row: the row the lock
// returns is the newest, and its uses are counted against maxUses there, so a code with one use
// left gives exactly one order. The order is written only when the code is usable and takes off
// exactly the discount the shopper saw (`p.discount`); each line keeps its share, which its sale row is
// booked net of. Without a code (`p.discountCode` null) none of this reads a row.
//
// The order stores the hash of its access key; the shopper's confirmation e-mail is queued with
// the key itself, for its "View your order" link (orders/access-key.ts).
// The statement's parameters by name: `${p.paid}` is written where PostgreSQL reads `$27`. The
// order of PARAMS is the order of the values sent; the text is built once, so the prepared
// statement is the same on every call.
const PARAMS = [
  'productIds',
  'quantities',
  'prices',
  'userId',
  'status',
  'subtotal',
  'shippingCost',
  'total',
  'address',
  'city',
  'state',
  'zipCode',
  'countryCode',
  'paymentMethod',
  'paymentId',
  'paymentStatus',
  'customerName',
  'email',
  'phone',
  'specialInstructions',
  'appointmentRequest',
  'insuranceInterest',
  'idempotencyKey',
  'firstName',
  'lastName',
  'country',
  'paid',
  'sessionId',
  'storeEmail',
  'reservationSeconds',
  'clientHolder',
  'maxOpenUnpaidOrders',
  'maxUnpaidPieces',
  'accessKeyHash',
  'accessKey',
  'discountCode',
  'discount',
  'emailHolder',
  'tax',
  'taxLines',
  'taxNote',
  'taxFallback',
  'cardAmount',
] as const
type ParamName = (typeof PARAMS)[number]
const p = Object.fromEntries(PARAMS.map((name, index) => [name, `$${index + 1}`])) as Record<
  ParamName,
  string
>

/** What a code takes off the subtotal, in SQL: discountAmount() (shared/discounts/rules.ts) under the row lock. */
const DISCOUNT_SQL = `(case when kind = 'percent' then round(${p.subtotal}::numeric * value / 100)::int else least(value, ${p.subtotal}) end)`

const PLACE_ORDER = `
  with holding as (
    select orders, pieces from lock_unpaid_holders(array[${p.emailHolder}::text, ${p.clientHolder}::text]) where not ${p.paid}
  ), applied_code as (
    select id, code, kind, value, active, min_subtotal as "minSubtotal", starts_at as "startsAt",
      ends_at as "endsAt", max_uses as "maxUses", uses
    from discount_codes where lower(code) = lower(${p.discountCode}::text) and (${p.paid} or exists (select from holding))
    for update
  ), line as (
    select product_id, quantity, price,
      -- Each line's share of the discount, to the nearest cent of its running total, so the
      -- shares add up to the discount exactly.
      coalesce(round(${p.discount}::int * sum(price::bigint * quantity) over running / nullif(${p.subtotal}::int, 0))
        - round(${p.discount}::int * (sum(price::bigint * quantity) over running - price::bigint * quantity)
          / nullif(${p.subtotal}::int, 0)), 0)::int as discount
    from unnest(${p.productIds}::int[], ${p.quantities}::int[], ${p.prices}::int[]) as line(product_id, quantity, price)
    window running as (order by product_id)
  ), piece as (
    select id, name, price, cost, status, stock_quantity as "stockQuantity",
      coalesce(image_urls[1], '') as image
    from products where id = any(${p.productIds}::int[]) and (${p.paid} or exists (select from holding))
      and (${p.discountCode}::text is null or exists (select from applied_code))
    order by id for update
  ), buyable as (
    select count(*) = cardinality(${p.productIds}::int[])
      and (${p.paid} or (select orders < ${p.maxOpenUnpaidOrders} and pieces + (select sum(quantity) from line) <= ${p.maxUnpaidPieces} from holding))
      -- The code's row as its lock returned it: the newest, after any checkout that waited before.
      and (${p.discountCode}::text is null or coalesce((select active
        and ("startsAt" is null or "startsAt" <= now()) and ("endsAt" is null or "endsAt" > now())
        and ("maxUses" is null or uses < "maxUses") and "minSubtotal" <= ${p.subtotal}
        and ${p.discount} = ${DISCOUNT_SQL}
        from applied_code), false)) as ok
    from line join piece on piece.id = line.product_id
    where ${sqlText(canTakeStock({ status: 'piece.status', stock: 'piece."stockQuantity"' }, 'line.quantity'))}
      and piece.price = line.price
  ), new_order as (
    insert into orders (user_id, customer_id, status, subtotal, shipping_cost, total,
      shipping_address, shipping_city, shipping_state, shipping_zip, shipping_country,
      payment_method, payment_id, payment_status, customer_name, customer_email, customer_phone,
      special_instructions, appointment_request, insurance_interest, idempotency_key,
      reserved_until, access_key_hash, discount_code, discount, discount_code_id,
      tax, tax_lines, tax_note, tax_fallback)
    select ${p.userId}, nextval('customers_id_seq'), ${p.status}, ${p.subtotal}, ${p.shippingCost}, ${p.total}, ${p.address}, ${p.city}, ${p.state}, ${p.zipCode}, ${p.countryCode}, ${p.paymentMethod}, ${p.paymentId}, ${p.paymentStatus},
      ${p.customerName}, ${p.email}, ${p.phone}, ${p.specialInstructions}, ${p.appointmentRequest}, ${p.insuranceInterest}, ${p.idempotencyKey}, now() + make_interval(secs => ${p.reservationSeconds}::float8), ${p.accessKeyHash},
      (select code from applied_code), ${p.discount}, (select id from applied_code),
      ${p.tax}, ${p.taxLines}::jsonb, ${p.taxNote}, ${p.taxFallback}
    from buyable where ok
    on conflict do nothing
    returning id, customer_id, discount_code_id
  ), code_use as (
    update discount_codes set uses = discount_codes.uses + 1, updated_at = now()
    from new_order where discount_codes.id = new_order.discount_code_id
  ), customer as (
    insert into customers (id, email, first_name, last_name, address, city, state, zip_code, country, phone)
    select customer_id, ${p.email}, ${p.firstName}, ${p.lastName}, ${p.address}, ${p.city}, ${p.state}, ${p.zipCode}, ${p.country}, ${p.phone} from new_order
  ), items as (
    insert into order_items (order_id, product_id, quantity, price, product_name, product_image, discount)
    select new_order.id, piece.id, line.quantity, piece.price, piece.name, piece.image, line.discount
    from new_order, line join piece on piece.id = line.product_id
  ), stock as (
    update products set ${sqlText(takeStock('line.quantity', p.paid, 'products.price'))}
    from new_order, line
    where products.id = line.product_id
  ), holds as (
    insert into unpaid_holds (order_id, holder, pieces)
    select new_order.id, holder, (select sum(quantity) from line)
    from new_order, unnest(array[${p.emailHolder}::text, ${p.clientHolder}::text]) as holder
    where not ${p.paid} and holder is not null
  ), payment as (
    -- The card pays what the gift cards left (the amount due); the gift cards' payments are booked
    -- with their debits, in the same transaction (gift-cards/checkout-payments.ts).
    insert into payments (order_id, amount, method, note, provider_reference)
    select new_order.id, ${p.cardAmount}, 'stripe', 'Card payment', ${p.paymentId} from new_order
    where ${p.paid} and ${p.paymentId}::text is not null
  ), sale as (
    insert into sales ${sqlText(
      saleRow({
        productId: 'piece.id',
        quantity: 'line.quantity',
        price: 'piece.price',
        cost: 'piece.cost',
        method: `${p.paymentMethod}::text`,
        customerName: p.customerName,
        customerEmail: p.email,
        source: "'order'",
        orderId: 'new_order.id',
        discount: 'line.discount',
      }),
    )}
    from new_order, line join piece on piece.id = line.product_id
    where ${p.paid}
  ), cart as (
    delete from cart_items using new_order
    where cart_items.session_id = ${p.sessionId} and cart_items.product_id = any(${p.productIds}::int[])
  ), cart_code as (
    delete from cart_discounts using new_order
    where cart_discounts.session_id = ${p.sessionId} and new_order.discount_code_id is not null
  ), mail as (
    insert into email_outbox (kind, to_address, payload)
    select mail.kind, mail.address,
      jsonb_strip_nulls(jsonb_build_object('orderId', new_order.id, 'accessKey', mail.access_key))
    from new_order, (values ('${ORDER_MAIL_KINDS.confirmation}', ${p.email}, ${p.accessKey}::text),
      ('${ORDER_MAIL_KINDS.notice}', ${p.storeEmail}, null)) as mail(kind, address, access_key)
  )
  select (select id from new_order) as "orderId",
    -- Why not, only when nothing was written.
    case when not exists (select from new_order)
      then (select coalesce(json_agg(piece), '[]') from piece) end as pieces,
    case when not exists (select from new_order) then (select row_to_json(applied_code) from applied_code) end as code,
    (select orders from holding) as "openUnpaid",
    (select pieces from holding) as "heldPieces"`

const FIND_ORDER = 'select id from orders where idempotency_key = $1 or payment_id = $2 limit 1'

async function findExisting(
  db: DbOrTx,
  idempotencyKey: string | null,
  paymentId: string | null,
): Promise<number | undefined> {
  if (!idempotencyKey && !paymentId) return undefined
  const [row] = await runPrepared<{ id: number }>(db, 'checkout-find-order', FIND_ORDER, [
    idempotencyKey,
    paymentId,
  ])
  return row?.id
}

/**
 * The order a submission with this idempotency key already placed. Gift-card checkouts ask first:
 * their cards' balances changed with that order, so planning them again would refuse its retry.
 */
export const existingOrder = (db: DbOrTx, idempotencyKey: string) => findExisting(db, idempotencyKey, null)

/**
 * Places an order, all or nothing: the pieces are still available at the prices the shopper saw,
 * or nothing is written. A retried submission (same idempotency key) or a second notice of one
 * payment gets the order already made. Runs in the caller's transaction when given one.
 */
export async function placeOrder(
  db: DbOrTx,
  context: CheckoutContext,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const lines = mergeLines(input.lines)
  const amounts = await claimedAmounts(db, lines, input, context, await claimedDiscount(db, lines, input))
  if (!amounts) throw conflict(PRICES_CHANGED)
  const gifts = giftCardPlan(input, amounts.total)
  if (input.payment.method === 'stripe' && input.payment.amount !== gifts.amountDue)
    throw conflict(PRICES_CHANGED)
  if (input.claimed.amountDue !== undefined && input.claimed.amountDue !== gifts.amountDue)
    throw conflict(GIFT_CARD_CHECKOUT_MESSAGES.amountDueChanged)
  if (!gifts.payments.length) return placeWith(db, context, input, lines, amounts, gifts)
  // The gift cards are debited in the order's own transaction, once the statement wrote it: a
  // refused debit rolls the order back with everything it wrote (stock, e-mails, cart).
  return transactionOf(db, async (tx) => {
    const placed = await placeWith(tx, context, input, lines, amounts, gifts)
    if (placed.created) await debitForOrder(tx, placed.orderId, gifts.payments)
    return placed
  })
}

const NO_GIFT_CARDS: Omit<GiftCardPlan, 'amountDue'> = { payments: [], paid: 0 }

/** Who pays what: the gift cards first, the rest by the chosen method, which must fit what is left. */
function giftCardPlan(input: PlaceOrderInput, total: number): GiftCardPlan {
  if (!input.giftCards?.length) {
    if (input.payment.method === 'gift_card')
      throw invalid(GIFT_CARD_CHECKOUT_MESSAGES.notCovered, 'paymentMethod')
    return { ...NO_GIFT_CARDS, amountDue: total }
  }
  const plan = planGiftCardPayments(input.giftCards, total)
  if (input.payment.method === 'gift_card' && plan.amountDue > 0)
    throw invalid(GIFT_CARD_CHECKOUT_MESSAGES.notCovered, 'paymentMethod')
  if (input.payment.method === 'zelle' && plan.amountDue === 0)
    throw invalid(GIFT_CARD_CHECKOUT_MESSAGES.coveredAlready, 'paymentMethod')
  return plan
}

/** The caller's transaction when it is one (a savepoint inside it), else a new one. */
function transactionOf<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work)
}

async function placeWith(
  db: DbOrTx,
  context: CheckoutContext,
  input: PlaceOrderInput,
  lines: OrderLine[],
  amounts: Amounts & { tax: TaxCalculation },
  gifts: GiftCardPlan,
): Promise<PlacedOrder> {
  // A card payment or gift cards covering everything: paid now. Zelle pays later, what is left.
  const paid = input.payment.method !== 'zelle'
  const paymentId = input.payment.method === 'stripe' ? input.payment.intentId : null
  const { form } = input
  // The shopper's link to the order; only the confirmation e-mail carries the key itself.
  const access = newOrderAccessKey()
  const values: Record<ParamName, unknown> = {
    productIds: lines.map((line) => line.productId),
    quantities: lines.map((line) => line.quantity),
    prices: lines.map((line) => line.price),
    userId: input.userId,
    status: paid ? 'confirmed' : 'pending',
    subtotal: amounts.subtotal,
    shippingCost: amounts.shippingCost,
    total: amounts.total,
    address: form.address,
    city: form.city,
    state: form.state,
    zipCode: form.zipCode,
    countryCode: countryCode(form.country),
    paymentMethod: input.payment.method,
    paymentId,
    paymentStatus: paid ? 'paid' : gifts.paid > 0 ? 'partial' : 'unpaid',
    customerName: `${form.firstName} ${form.lastName}`,
    email: form.email,
    phone: form.phone,
    specialInstructions: form.specialInstructions ?? null,
    appointmentRequest: form.appointmentRequest,
    insuranceInterest: form.insuranceInterest,
    idempotencyKey: input.idempotencyKey ?? null,
    firstName: form.firstName,
    lastName: form.lastName,
    country: form.country,
    paid,
    sessionId: input.sessionId ?? null,
    storeEmail: context.store.email,
    reservationSeconds: paid ? null : context.reservation.hours * 3600,
    clientHolder: clientHolder(input.clientAddress),
    maxOpenUnpaidOrders: context.reservation.maxOpenUnpaidOrders,
    maxUnpaidPieces: context.reservation.maxUnpaidPieces,
    accessKeyHash: access.hash,
    accessKey: access.key,
    discountCode: input.discountCode ?? null,
    discount: amounts.discount,
    emailHolder: emailHolder(form.email),
    tax: amounts.tax.tax,
    taxLines: JSON.stringify(amounts.tax.lines),
    taxNote: amounts.tax.note ?? null,
    taxFallback: amounts.tax.fallback === true,
    cardAmount: gifts.amountDue,
  }
  const [result] = await runPrepared<{
    orderId: number | null
    pieces: Piece[] | null
    code: CodeRow | null
    openUnpaid: number | null
    heldPieces: number | null
  }>(
    db,
    'checkout-place-order',
    PLACE_ORDER,
    PARAMS.map((name) => values[name]),
  )
  if (result?.orderId != null) return { orderId: result.orderId, created: true }

  // Nothing was written. A twin with the same key or payment may have committed meanwhile (this
  // statement's snapshot predates it): then it is the order. Otherwise, say why.
  const twin = await findExisting(db, input.idempotencyKey ?? null, paymentId)
  if (twin !== undefined) return { orderId: twin, created: false }
  if (!paid) {
    const { maxOpenUnpaidOrders, maxUnpaidPieces } = context.reservation
    if ((result?.openUnpaid ?? 0) >= maxOpenUnpaidOrders)
      throw rateLimited(tooManyUnpaidOrders(maxOpenUnpaidOrders))
    const ordered = lines.reduce((sum, line) => sum + line.quantity, 0)
    if ((result?.heldPieces ?? 0) + ordered > maxUnpaidPieces)
      throw rateLimited(tooManyUnpaidPieces(maxUnpaidPieces))
  }
  if (input.discountCode) {
    const code = result?.code ?? undefined
    const reason = discountRefusal(code, amounts.subtotal)
    if (reason) throw conflict(discountRefusalMessage(reason, code?.minSubtotal))
    // The code itself changed (its value or kind) since the shopper saw the total.
    if (code && discountAmount(code, amounts.subtotal) !== amounts.discount) throw conflict(PRICES_CHANGED)
  }
  throw conflict(refusal(lines, result?.pieces ?? []) ?? 'This order was already placed')
}

/** Orders keep ISO country codes; the form says "United States". */
function countryCode(country: string): string {
  return isUnitedStates(country) ? 'US' : country.trim().slice(0, 60)
}
