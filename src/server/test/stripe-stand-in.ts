import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

// A local stand-in for the part of Stripe's REST API the shop uses, so tests run the real `stripe`
// SDK (encoding, headers, retries, error classes) without a network or an account. Point the
// SDK at it with STRIPE_API_URL=<url> and STRIPE_SECRET_KEY=<secretKey>.

export const STAND_IN_SECRET_KEY = 'sk_test_jade_shop_stand_in'

export type StandInIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled'

/** A payment intent as Stripe's API returns it (the fields the shop and the SDK look at). */
export interface StandInIntent {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: StandInIntentStatus
  client_secret: string
  metadata: Record<string, string>
  automatic_payment_methods: { enabled: boolean } | null
  latest_charge: string | null
  livemode: false
  created: number
}

export interface StandInRefund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string
  charge: string | null
  status: 'succeeded'
  metadata: Record<string, string>
  created: number
}

export interface StandInRequest {
  method: string
  path: string
  idempotencyKey?: string
}

export interface StripeStandIn {
  /** Base URL for STRIPE_API_URL, e.g. http://127.0.0.1:54321 */
  url: string
  /** The only API key the stand-in accepts. */
  secretKey: string
  close(): Promise<void>
  /** Live objects: a test may change one directly (e.g. its status) to stage a case. */
  intents: Map<string, StandInIntent>
  /** The latest refund by payment intent id. */
  refunds: Map<string, StandInRefund>
  /** Every refund made, partial ones included, in order. */
  refundList: StandInRefund[]
  /** What the shopper's browser and Stripe would do: the intent is paid. */
  succeed(id: string): void
  /** Every request received, retries included, in order. */
  requests: StandInRequest[]
}

interface Reply {
  status: number
  body: unknown
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; message: string; code?: string; param?: string },
  ) {
    super(error.message)
  }
}

const now = () => Math.floor(Date.now() / 1000)
const randomId = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`
const missing = (param: string) =>
  new ApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  })
const noSuchIntent = (id: string, param: string) =>
  new ApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such payment_intent: '${id}'`,
  })

export async function startStripeStandIn(options: { secretKey?: string } = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? STAND_IN_SECRET_KEY
  const intents = new Map<string, StandInIntent>()
  const refunds = new Map<string, StandInRefund>()
  const refundList: StandInRefund[] = []
  const requests: StandInRequest[] = []
  // Stripe saves the result of a request made with an Idempotency-Key and replays it for the same
  // key; the same key with other parameters is an error. Only successes are saved here: Stripe
  // also saves some failures, but nothing the shop does depends on that.
  const saved = new Map<string, { fingerprint: string; reply: Reply }>()

  function createIntent(params: Params): Reply {
    const amountText = text(params.amount)
    if (amountText === undefined) throw missing('amount')
    const amount = Number(amountText)
    if (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount)) {
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: `Invalid integer: ${amountText}`,
      })
    }
    const currency = text(params.currency)?.toLowerCase()
    if (!currency) throw missing('currency')
    if (currency === 'usd' && amount < 50) {
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'amount',
        message: 'Amount must be at least $0.50 usd',
      })
    }
    const metadataParam = params.metadata
    const metadata: Record<string, string> = {}
    if (typeof metadataParam === 'object') {
      for (const [key, value] of Object.entries(metadataParam)) {
        if (typeof value === 'string') metadata[key] = value
      }
    }
    const automatic = params.automatic_payment_methods
    const id = randomId('pi')
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata,
      automatic_payment_methods:
        typeof automatic === 'object' ? { enabled: text(automatic.enabled) === 'true' } : null,
      latest_charge: null,
      livemode: false,
      created: now(),
    }
    intents.set(id, intent)
    return { status: 200, body: intent }
  }

  function retrieveIntent(id: string): Reply {
    const intent = intents.get(id)
    if (!intent) throw noSuchIntent(id, 'intent')
    return { status: 200, body: intent }
  }

  function createRefund(params: Params): Reply {
    const intentId = text(params.payment_intent)
    if (!intentId) throw missing('payment_intent')
    const intent = intents.get(intentId)
    if (!intent) throw noSuchIntent(intentId, 'payment_intent')
    const refundedSoFar = refundList
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + refund.amount, 0)
    const amountText = text(params.amount)
    if (refunds.has(intentId) && (amountText === undefined || refundedSoFar >= intent.amount_received)) {
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      })
    }
    if (intent.status !== 'succeeded') {
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      })
    }
    const amount = amountText === undefined ? intent.amount_received - refundedSoFar : Number(amountText)
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: `Invalid integer: ${amountText}`,
      })
    }
    if (refundedSoFar + amount > intent.amount_received) {
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount_received - refundedSoFar) / 100).toFixed(2)})`,
      })
    }
    const refund: StandInRefund = {
      id: randomId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: intent.latest_charge,
      status: 'succeeded',
      metadata: {},
      created: now(),
    }
    refunds.set(intentId, refund)
    refundList.push(refund)
    return { status: 200, body: refund }
  }

  function route(method: string, path: string, params: Params): Reply {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params)
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)
    if (method === 'GET' && retrieve) return retrieveIntent(decodeURIComponent(retrieve[1]!))
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params)
    throw new ApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). The Stripe stand-in does not implement it.`,
    })
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET'
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const idempotencyKey = header(request, 'idempotency-key')
    requests.push({ method, path: url.pathname, ...(idempotencyKey ? { idempotencyKey } : {}) })
    const rawBody = await readBody(request)

    let reply: Reply
    let replayed = false
    try {
      if (header(request, 'authorization') !== `Bearer ${secretKey}`) {
        throw new ApiError(401, {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${maskKey(header(request, 'authorization'))}`,
        })
      }
      const fingerprint = `${method} ${url.pathname} ${rawBody}`
      const previous = idempotencyKey && method === 'POST' ? saved.get(idempotencyKey) : undefined
      if (previous && previous.fingerprint !== fingerprint) {
        throw new ApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        })
      }
      if (previous) {
        reply = previous.reply
        replayed = true
      } else {
        const params = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(rawBody)
        reply = route(method, url.pathname, params)
        // Saved as serialized now: a replay shows the object as it was, like Stripe's.
        reply = { status: reply.status, body: JSON.parse(JSON.stringify(reply.body)) }
        if (idempotencyKey && method === 'POST') saved.set(idempotencyKey, { fingerprint, reply })
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      reply = { status: error.status, body: { error: error.error } }
    }

    response.writeHead(reply.status, {
      'content-type': 'application/json',
      'request-id': randomId('req'),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    })
    response.end(JSON.stringify(reply.body))
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // A bug in the stand-in: answer like Stripe's 500 so the SDK surfaces it as an API error.
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    intents,
    refunds,
    refundList,
    requests,
    succeed(id) {
      const intent = intents.get(id)
      if (!intent) throw new Error(`The Stripe stand-in has no payment intent ${id}`)
      intent.status = 'succeeded'
      intent.amount_received = intent.amount
      intent.latest_charge ??= randomId('ch')
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // The SDK keeps connections alive; without this close() would wait for them to time out.
        server.closeAllConnections()
      }),
  }
}

/** A `Stripe-Signature` header for `payload`, computed by Stripe's own SDK. */
export function signStripeWebhook(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  })
}

/** The JSON body of a Stripe event about one of the stand-in's intents, as Stripe would deliver it. */
export function stripeIntentEvent(intent: StandInIntent, type = 'payment_intent.succeeded'): string {
  return JSON.stringify(
    {
      id: randomId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: intent },
    },
    null,
    2,
  )
}

// --- Stripe's form encoding: `a=1&metadata[order]=7&automatic_payment_methods[enabled]=true` ---

type Params = { [key: string]: string | Params }

function parseForm(body: string): Params {
  const params: Params = {}
  for (const [name, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(name)
    if (!match) continue
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((part) => part[1]!)]
    let target = params
    for (const key of path.slice(0, -1)) {
      const next = target[key]
      if (typeof next === 'object') {
        target = next
      } else {
        const created: Params = {}
        target[key] = created
        target = created
      }
    }
    target[path.at(-1)!] = value
  }
  return params
}

const text = (value: string | Params | undefined) => (typeof value === 'string' ? value : undefined)

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function maskKey(authorization: string | undefined): string {
  const key = authorization?.replace(/^Bearer\s+/i, '') ?? ''
  return key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : '****'
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
