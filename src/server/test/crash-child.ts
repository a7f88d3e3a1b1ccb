// Run by shutdown.test.ts as a child process: builds the app on the database in CHILD_DATABASE_URL
// and walks one scenario, which JADE_CRASH_AT interrupts with SIGKILL at a named point.
import { buildApp } from '../app'
import { openDatabase } from '../db/client'
import { SweepRunner } from '../jobs/runner'
import { SWEEPS } from '../jobs/sweeps'
import { CampaignSender } from '../modules/campaigns/sender'
import { adminCookie, cardOrderBody, checkoutForm, placeZelleOrder, postCheckout } from './factories'
import { cookieHeader, testConfig } from './helpers'

const scenario = process.argv[2]
const productId = Number(process.env.PRODUCT_ID)
const price = Number(process.env.PRODUCT_PRICE)
const database = await openDatabase({ driver: 'postgres', url: process.env.CHILD_DATABASE_URL!, poolSize: 4 })
const app = await buildApp({ config: testConfig(), database, logger: false, rateLimits: false })
await app.ready()

const piece = { id: productId, price }
const items = [{ productId, quantity: 1, price }]

if (scenario === 'zelle') {
  await placeZelleOrder(app, [piece])
} else if (scenario === 'card') {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { amount: price, currency: 'usd', form: checkoutForm, items, metadata: {} },
  })
  const { paymentIntentId } = intent.json()
  await app.inject({
    method: 'POST',
    url: `/api/test-payments/${paymentIntentId}/confirm`,
    payload: { cardNumber: '4242 4242 4242 4242' },
  })
  process.stdout.write(`intent ${paymentIntentId}\n`)
  await postCheckout(app, cardOrderBody([piece], paymentIntentId, { fields: { paymentStatus: 'paid' } }), {
    cookie: cookieHeader(intent),
  })
} else if (scenario === 'refund') {
  await app.inject({
    method: 'POST',
    url: `/api/orders/${process.env.ORDER_ID}/refunds`,
    payload: { amount: Number(process.env.REFUND_AMOUNT), reason: 'Scratched in transit' },
    headers: { cookie: await adminCookie(app, database.db) },
  })
} else if (scenario === 'cancel') {
  await app.inject({
    method: 'PATCH',
    url: `/api/orders/${process.env.ORDER_ID}/status`,
    payload: { status: 'cancelled' },
    headers: { cookie: await adminCookie(app, database.db) },
  })
} else if (scenario === 'sweep') {
  await new SweepRunner({
    db: database.db,
    sweeps: SWEEPS,
    log: { info() {}, warn() {} },
    batch: 10,
  }).runOnce()
} else if (scenario === 'campaign') {
  // Queues the campaign already `sending` in small batches; campaign-after-batch kills it after the first.
  await new CampaignSender({
    db: database.db,
    log: { warn() {} },
    batch: Number(process.env.BATCH),
  }).runOnce()
}
process.stdout.write('survived\n')
await app.close()
await database.close()
