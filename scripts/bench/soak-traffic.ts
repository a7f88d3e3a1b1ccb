import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { LISTING_PAGE_SIZE } from '../../src/shared/catalog/rules'
import { bounded, post } from './http-client'
import type { AppServer } from './processes'

// The soak's shoppers (soak.ts): what they ask for, and how often.

/** What each action is, and how often it comes, out of 100. */
const MIX = [
  { action: 'product page', weight: 28 },
  { action: 'listing page', weight: 14 },
  { action: 'home page', weight: 5 },
  { action: 'products API', weight: 14 },
  { action: 'product API', weight: 6 },
  { action: 'categories API', weight: 5 },
  { action: 'cart add', weight: 12 },
  { action: 'checkout', weight: 10 },
  { action: 'sign-in', weight: 6 },
] as const
export type Action = (typeof MIX)[number]['action']

const SHOPPER_PASSWORD = 'soak-password-123'

export interface Answer {
  status: number | 'error'
  ms: number
  cookie?: string
  body: string
}

/**
 * One request over the bench's keep-alive agent, as a browser sends it (compressed answers
 * welcome); resolves, never rejects, with the status, the time to the last byte, a session cookie
 * the answer set, and the body of a refusal.
 */
export function request(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const started = performance.now()
  return new Promise((resolve) => {
    const outgoing = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent,
        timeout: 60_000,
        headers: {
          'accept-encoding': 'gzip, br',
          ...(options.body
            ? {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(options.body)),
              }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const sid = (response.headers['set-cookie'] ?? [])
            .map((cookie) => /^sid=([^;]*)/.exec(cookie)?.[1])
            .find(Boolean)
          resolve({
            status: response.statusCode ?? 'error',
            ms: performance.now() - started,
            cookie: sid ? `sid=${sid}` : undefined,
            body: response.statusCode && response.statusCode >= 400 ? Buffer.concat(chunks).toString() : '',
          })
        })
        response.on('error', (error) =>
          resolve({ status: 'error', ms: performance.now() - started, body: error.message }),
        )
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')))
    outgoing.on('error', (error) =>
      resolve({ status: 'error', ms: performance.now() - started, body: error.message }),
    )
    outgoing.end(options.body)
  })
}

/** An address of its own per use, sent as X-Forwarded-For through the trusted loopback proxy. */
let nextAddress = 0
const freshAddress = () => {
  const index = nextAddress++
  return `203.${Math.floor(index / 62_500) % 250}.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`
}

const SHIPPING = {
  freeThresholdCents: Number(process.env.FREE_SHIPPING_THRESHOLD_CENTS || 15_000),
  flatCents: Number(process.env.FLAT_SHIPPING_CENTS || 695),
}

export interface Piece {
  id: number
  price: number
}

function zelleOrder(piece: Piece, n: number) {
  const shippingCost = piece.price >= SHIPPING.freeThresholdCents ? 0 : SHIPPING.flatCents
  return {
    firstName: 'Mei',
    lastName: `Soak ${n}`,
    email: `soak${n}@bench.example.com`,
    phone: '(713) 555-0142',
    address: `${1000 + (n % 9000)} Main Street`,
    city: 'Houston',
    state: 'TX',
    zipCode: '77002',
    country: 'United States',
    paymentMethod: 'zelle',
    items: [{ productId: piece.id, quantity: 1, price: piece.price }],
    subtotal: piece.price,
    shippingCost,
    total: piece.price + shippingCost,
    idempotencyKey: randomUUID(),
  }
}

export const CATEGORIES = ['bangles', 'bracelets', 'earrings', 'necklaces', 'rings']

export async function createPieces(
  app: AppServer,
  cookie: string,
  plan: { pieces: number; stock: number },
): Promise<Piece[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 })
  const pieces: Piece[] = []
  try {
    await bounded(
      Array.from({ length: plan.pieces }, (_, index) => index),
      10,
      async (index) => {
        const answer = await post(
          agent,
          `${app.baseUrl}/api/products`,
          {
            name: `Soak jadeite piece ${index + 1}`,
            description: 'A natural Type A jadeite piece, hand polished, created for the soak benchmark.',
            shortDescription: 'Type A green jadeite',
            price: 9_000 + (index % 25) * 500,
            imageUrls: ['/uploads/x-1280.webp'],
            category: CATEGORIES[index % CATEGORIES.length],
            type: 'ring',
            color: 'green',
            stockQuantity: plan.stock,
          },
          { headers: { cookie } },
        )
        if (answer.status !== 201) throw new Error(`creating a product: ${answer.status} ${answer.body}`)
        const created = JSON.parse(answer.body) as Piece
        pieces.push({ id: created.id, price: created.price })
      },
    )
  } finally {
    agent.destroy()
  }
  return pieces
}

export async function registerShoppers(app: AppServer, count: number): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
  const names = Array.from({ length: count }, (_, index) => `soakshopper${index}`)
  try {
    await bounded(names, 4, async (username) => {
      const answer = await post(
        agent,
        `${app.baseUrl}/api/register`,
        { username, password: SHOPPER_PASSWORD, email: `${username}@bench.example.com` },
        { headers: { 'x-forwarded-for': freshAddress() } },
      )
      if (answer.status !== 201) throw new Error(`registering a shopper: ${answer.status} ${answer.body}`)
    })
  } finally {
    agent.destroy()
  }
  return names
}

/**
 * One shopper action of each kind, each reporting its answers to `note` with the time they came
 * (`at`); and a pick of the next action by the mix's weights.
 */
export function shopperTraffic(context: {
  agent: http.Agent
  base: string
  pieces: Piece[]
  shoppers: string[]
  note: (action: Action, answer: Answer, at: number) => Answer
}) {
  const { agent, base, pieces, shoppers, note } = context
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!
  const pages = Math.ceil(pieces.length / LISTING_PAGE_SIZE)
  let orderNumber = 0
  let shopperTurn = 0
  let checkouts200 = 0
  const actions: Record<Action, (at: () => number) => Promise<void>> = {
    'product page': async (at) => {
      note('product page', await request(agent, `${base}/product/${pick(pieces).id}`), at())
    },
    'listing page': async (at) => {
      const page = 1 + Math.floor(Math.random() * pages)
      note('listing page', await request(agent, `${base}/products?page=${page}`), at())
    },
    'home page': async (at) => {
      note('home page', await request(agent, `${base}/`), at())
    },
    'products API': async (at) => {
      note('products API', await request(agent, `${base}/api/products?category=${pick(CATEGORIES)}`), at())
    },
    'product API': async (at) => {
      note('product API', await request(agent, `${base}/api/products/${pick(pieces).id}`), at())
    },
    'categories API': async (at) => {
      note('categories API', await request(agent, `${base}/api/categories`), at())
    },
    // A guest's first line starts the session; the cart is then read back with it.
    'cart add': async (at) => {
      const added = note(
        'cart add',
        await request(agent, `${base}/api/cart`, {
          method: 'POST',
          body: JSON.stringify({ productId: pick(pieces).id, quantity: 1 }),
          headers: { 'x-forwarded-for': freshAddress() },
        }),
        at(),
      )
      if (added.cookie)
        note(
          'cart add',
          await request(agent, `${base}/api/cart`, { headers: { cookie: added.cookie } }),
          at(),
        )
    },
    // Each order from a shopper of its own: checkout allows a shopper 20 orders per 10 minutes.
    checkout: async (at) => {
      const answer = await request(agent, `${base}/api/checkout`, {
        method: 'POST',
        body: JSON.stringify(zelleOrder(pick(pieces), orderNumber++)),
        headers: { 'x-forwarded-for': freshAddress() },
      })
      if (answer.status === 200) checkouts200++
      note('checkout', answer, at())
    },
    'sign-in': async (at) => {
      const username = shoppers[shopperTurn++ % shoppers.length]!
      note(
        'sign-in',
        await request(agent, `${base}/api/login`, {
          method: 'POST',
          body: JSON.stringify({ username, password: SHOPPER_PASSWORD }),
          headers: { 'x-forwarded-for': freshAddress() },
        }),
        at(),
      )
    },
  }
  const totalWeight = MIX.reduce((sum, entry) => sum + entry.weight, 0)
  const chooseAction = (): Action => {
    let roll = Math.random() * totalWeight
    for (const entry of MIX) {
      roll -= entry.weight
      if (roll < 0) return entry.action
    }
    return MIX[0].action
  }
  return {
    actions,
    chooseAction,
    /** Every page and piece once: what a run then asks for is what the caches hold. */
    everyPage: [
      ...pieces.flatMap((piece) => [`/product/${piece.id}`, `/api/products/${piece.id}`]),
      ...Array.from({ length: pages }, (_, index) => `/products?page=${index + 1}`),
      ...CATEGORIES.map((category) => `/api/products?category=${category}`),
      '/',
      '/api/categories',
    ],
    get checkouts200() {
      return checkouts200
    },
  }
}
