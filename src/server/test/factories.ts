import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { orderAmounts } from '../../shared/cart/rules'
import type { DbOrTx } from '../db/client'
import { hashPassword } from '../modules/accounts/passwords'
import { users } from '../modules/accounts/schema'
import { upsertAdmin } from '../modules/accounts/service'
import { products } from '../modules/catalog/schema'
import type { TestPaymentProvider } from '../modules/payments/test-provider'
import { roles } from '../modules/staff/schema'
import { cookieHeader } from './helpers'

let sequence = 0

export type NewProduct = typeof products.$inferInsert

export function productFields(overrides: Partial<NewProduct> = {}): NewProduct {
  sequence += 1
  return {
    name: `Jadeite Piece ${sequence}`,
    description: 'Natural Type A jadeite from Myanmar, untreated.',
    shortDescription: 'Natural Type A jadeite',
    price: 10_000 + sequence,
    imageUrls: [`/uploads/piece-${sequence}-1280.webp`],
    category: 'rings',
    type: 'ring',
    color: 'green',
    ...overrides,
  }
}

export async function insertProduct(db: DbOrTx, overrides: Partial<NewProduct> = {}) {
  const [row] = await db.insert(products).values(productFields(overrides)).returning()
  return row!
}

/** Creates (or refreshes) an administrator and returns a signed-in session cookie. */
export async function adminCookie(app: FastifyInstance, db: DbOrTx, username = 'owner'): Promise<string> {
  await upsertAdmin(db, username, 'owner-password')
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: 'owner-password' },
  })
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`)
  return cookieHeader(response)
}

/**
 * Creates a member of the team with `role` (a built-in or custom role's name) and returns a
 * signed-in session cookie, with the account's id.
 */
/** Hashed once per test file: argon2 takes a while, and every member shares the password. */
let staffPassword: Promise<string> | undefined
const staffPasswordHash = () => {
  staffPassword ??= hashPassword('staff-password')
  return staffPassword
}

export async function staffCookie(
  app: FastifyInstance,
  db: DbOrTx,
  role: string,
  username = `${role}-${randomBytes(3).toString('hex')}`,
  /** Counts as having turned two-factor sign-in on (Managers and Bookkeepers must). */
  { twoFactor = true }: { twoFactor?: boolean } = {},
): Promise<{ cookie: string; id: number; username: string }> {
  const [row] = await db
    .insert(users)
    .values({
      username,
      password: await staffPasswordHash(),
      isAdmin: true,
      roleId: sql`(select ${roles.id} from ${roles} where ${roles.name} = ${role})`,
    })
    .returning({ id: users.id })
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: 'staff-password' },
  })
  if (response.statusCode !== 200) throw new Error(`staff login failed: ${response.body}`)
  // Set after the sign-in, which would otherwise ask for a code.
  if (twoFactor) await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, row!.id))
  return { cookie: cookieHeader(response), id: row!.id, username }
}

/** A valid checkout form, as the storefront sends it. */
export const checkoutForm = {
  firstName: 'Ava',
  lastName: 'Chen',
  email: 'ava@example.com',
  phone: '713-555-0101',
  address: '12 Jade Street',
  city: 'Houston',
  state: 'TX',
  zipCode: '77002',
  country: 'United States',
}

/** A piece as an order line names it: its id and the price the shopper saw, in cents. */
export interface OrderPiece {
  id: number
  price: number
}
/** One of a piece, or `[piece, quantity]`. */
export type OrderLineInput = OrderPiece | readonly [OrderPiece, number]

export interface OrderOptions {
  /** The buyer's e-mail address, over the form's. */
  email?: string
  /**
   * Laid over the whole submission, last: other form fields (a name, an address, the requests),
   * `saveAddress`, `idempotencyKey`.
   */
  fields?: Record<string, unknown>
  discountCode?: string
  /** What the code takes off, when the test sends it (absent, the server prices the code itself). */
  discount?: number
  /** As the storefront quotes it with the default settings unless given: free from $150, else $6.95. */
  shippingCost?: number
  tax?: number
  /** Subtotal − discount + shipping + tax unless given (a code sent without its discount needs it). */
  total?: number
}

export interface RequestOptions {
  /** A signed-in shopper's session, or the session that created the payment intent. */
  cookie?: string
  remoteAddress?: string
}

/** A checkout submission: what the tests read back from it typed, the rest as sent. */
export type OrderBody = Record<string, unknown> & {
  items: { productId: number; quantity: number; price: number }[]
  subtotal: number
  shippingCost: number
  total: number
}

/** The shipping rule of the default settings (FREE_SHIPPING_THRESHOLD_CENTS, FLAT_SHIPPING_CENTS). */
const DEFAULT_SHIPPING = { freeThresholdCents: 15_000, flatCents: 695 }

function orderBody(
  paymentMethod: 'zelle' | 'stripe',
  lines: readonly OrderLineInput[],
  options: OrderOptions,
): OrderBody {
  const items = lines.map((line) => {
    const [piece, quantity]: readonly [OrderPiece, number] = 'id' in line ? [line, 1] : line
    return { productId: piece.id, quantity, price: piece.price }
  })
  const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0)
  const shippingCost =
    options.shippingCost ?? orderAmounts(subtotal, options.discount ?? 0, DEFAULT_SHIPPING).shippingCost
  return {
    ...checkoutForm,
    ...(options.email === undefined ? {} : { email: options.email }),
    paymentMethod,
    items,
    subtotal,
    ...(options.discountCode === undefined ? {} : { discountCode: options.discountCode }),
    ...(options.discount === undefined ? {} : { discount: options.discount }),
    shippingCost,
    ...(options.tax === undefined ? {} : { tax: options.tax }),
    total: options.total ?? subtotal - (options.discount ?? 0) + shippingCost + (options.tax ?? 0),
    ...options.fields,
  }
}

/**
 * The submission of a Zelle order, as the storefront sends it: for a test that sends it more than
 * once, alongside others, or over a connection of its own.
 */
export function zelleOrderBody(lines: readonly OrderLineInput[], options: OrderOptions = {}) {
  return orderBody('zelle', lines, options)
}

/** The submission of a card order whose intent the test created (and confirmed) itself. */
export function cardOrderBody(
  lines: readonly OrderLineInput[],
  paymentIntentId: string,
  options: OrderOptions = {},
): OrderBody {
  return { ...orderBody('stripe', lines, options), paymentIntentId }
}

/** Posts a checkout submission as the storefront does. */
export function postCheckout(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  options: RequestOptions = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload,
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
    ...(options.cookie === undefined ? {} : { headers: { cookie: options.cookie } }),
  })
}

/**
 * A Zelle order for the given lines (each piece once, or `[piece, quantity]`), as the storefront
 * places it; the answer is returned unchecked, so a test can expect a refusal.
 */
export function placeZelleOrder(
  app: FastifyInstance,
  lines: readonly OrderLineInput[],
  options: OrderOptions & RequestOptions = {},
) {
  return postCheckout(app, zelleOrderBody(lines, options), options)
}

/** The id of the order a checkout placed; fails the test with the answer if it placed none. */
export function placedOrderId(response: { statusCode: number; body: string; json: () => unknown }): number {
  if (response.statusCode !== 200)
    throw new Error(`checkout answered ${response.statusCode}: ${response.body}`)
  return (response.json() as { id: number }).id
}

/**
 * A card order for one piece, as the storefront places it with the built-in test provider: the
 * intent, a good test card, then the checkout from the session that created the intent. The piece
 * must cost at least the free-shipping threshold (the totals carry no shipping).
 */
export async function placeCardOrder(
  app: FastifyInstance,
  piece: OrderPiece,
  form: Record<string, unknown> = checkoutForm,
) {
  const items = [{ productId: piece.id, quantity: 1, price: piece.price }]
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { amount: piece.price, currency: 'usd', form, items },
  })
  const { paymentIntentId } = intent.json() as { paymentIntentId: string }
  await (app.paymentProvider as TestPaymentProvider).confirm(paymentIntentId, '4242424242424242')
  // The intent completes only for the session that created it.
  return postCheckout(app, cardOrderBody([piece], paymentIntentId, { fields: form }), {
    cookie: cookieHeader(intent),
  })
}
