import autocannon from 'autocannon'
import pg from 'pg'
import { PRODUCT_CATEGORIES } from '../../src/shared/catalog/rules'
import { signIn, withScratchDatabase } from './catalog'
import { waitForQuietMachine } from './cpu'
import { removeTempDir, startApp, stopChild } from './processes'

export const ADMIN_TARGETS = { maxP99Ms: 50 }
// One owner, perhaps with a second device or tab open: a handful of requests at once, not a crowd.
export const ADMIN_PLAN = { connections: 4, warmupS: 2, measuredS: 6 }

/**
 * One back-office list measured on PostgreSQL: the rows are written straight into the scratch
 * database (the owner's lists must stay fast on a shop that has run for years, and creating them
 * through the API would take longer than the measurement), then each request is loaded in turn.
 */
export interface AdminScenario {
  label: string
  rows: string
  seed: (client: pg.Client) => Promise<void>
  requests: Array<{ label: string; path: string }>
  /** A budget of its own (a PDF is built per request); else ADMIN_TARGETS.maxP99Ms. */
  maxP99Ms?: number
}

export interface AdminRequestResult {
  scenario: string
  rows: string
  request: string
  path: string
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  failures: number
  /** The total the answer reports: a search that matched nothing would measure nothing useful. */
  total: number | undefined
  pass: boolean
}

export type AdminOutcome = AdminRequestResult[] | { error: string }

export const ADMIN_SCENARIOS: AdminScenario[] = [
  {
    label: 'Admin product search',
    rows: '5,000 products',
    seed: async (client) => {
      await client.query(
        `insert into products (name, description, short_description, price, cost, category, type, color, sku, status, stock_quantity, image_urls, image_alts, created_at)
         select 'Jadeite ' || (array['Bangle','Pendant','Ring','Bead Bracelet','Drop Earrings','Necklace'])[1 + g % 6] || ' no. ' || g,
                'Natural Type A jadeite, piece ' || g, 'Piece ' || g, 10000 + g * 7, 4000 + g * 3,
                ($1::text[])[1 + g % 5], 'other', (array['green','lavender','white','yellow'])[1 + g % 4],
                'JD-' || lpad(g::text, 6, '0'),
                case when g % 10 = 0 then 'sold' when g % 17 = 0 then 'reserved' else 'available' end,
                case when g % 10 = 0 then 0 else 1 end,
                array['/uploads/products/bench-' || g || '.webp'], array[''],
                now() - make_interval(mins => g)
         from generate_series(1, 5000) as g`,
        [[...PRODUCT_CATEGORIES]],
      )
      await client.query('analyze products')
    },
    requests: [
      { label: 'first page', path: '/api/admin/products?page=1&pageSize=50' },
      { label: 'search by name', path: '/api/admin/products?search=bangle%20no.%2012&pageSize=50' },
      { label: 'search by SKU', path: '/api/admin/products?search=JD-0042&pageSize=50' },
      {
        label: 'category, by price',
        path: '/api/admin/products?category=necklaces&sort=price-desc&pageSize=50',
      },
      { label: 'deep page', path: '/api/admin/products?page=60&pageSize=50' },
    ],
  },
  {
    label: 'Admin orders',
    rows: '20,000 orders',
    seed: async (client) => {
      // Orders of the last two years across every state, each with one line; a tenth on a plan.
      await client.query(
        `insert into orders (status, subtotal, shipping_cost, total, payment_method, payment_status,
           customer_name, customer_email, shipping_address, shipping_city, shipping_state, shipping_zip, created_at)
         select (array['pending','confirmed','preparing','shipped','delivered','cancelled'])[1 + g % 6],
                20000 + g, 0, 20000 + g, 'zelle',
                (array['unpaid','partial','paid','paid','paid','unpaid'])[1 + g % 6],
                (array['Mei','Ava','Lena','Hana','Rosa','Iris','June','Opal'])[1 + g % 8] || ' ' ||
                  (array['Lin','Chen','Ortiz','Park','Vey','Moreau','Okafor','Walsh'])[1 + (g / 8) % 8] || ' ' || g,
                'buyer' || g || '@example.com', g || ' Jade Street', 'Houston', 'TX', '77002',
                now() - make_interval(mins => g * 50)
         from generate_series(1, 20000) as g`,
      )
      await client.query(
        `insert into order_items (order_id, product_id, quantity, price, product_name, product_image)
         select o.id, (select min(id) from products) + (o.id % 5000), 1, o.total, 'Jadeite piece ' || o.id, ''
         from orders o`,
      )
      await client.query(
        `insert into payment_plans (order_id, deposit_amount, total_amount)
         select id, 5000, total from orders where id % 10 = 0 and payment_status <> 'paid'`,
      )
      await client.query(
        `insert into payment_installments (plan_id, amount, due_date)
         select p.id, (p.total_amount - p.deposit_amount) / 2, now() + make_interval(days => (p.id % 90) - 30 + k * 30)
         from payment_plans p, generate_series(0, 1) as k`,
      )
      await client.query('vacuum analyze orders')
      await client.query('analyze order_items, payment_plans, payment_installments')
    },
    requests: [
      { label: 'all, first page', path: '/api/admin/orders?pageSize=50' },
      { label: 'Pending Payment tab', path: '/api/admin/orders?tab=pending-payment&pageSize=50' },
      { label: 'search by name', path: '/api/admin/orders?search=lena%20ortiz&pageSize=50' },
      { label: 'by order number', path: '/api/admin/orders?search=%2315000&pageSize=50' },
      {
        label: 'Payment Plans, by due date',
        path: '/api/admin/orders?tab=payment-plans&sort=due-date&pageSize=50',
      },
    ],
  },
  {
    label: 'Sales ledger',
    rows: '100,000 sale rows',
    seed: async (client) => {
      await client.query(
        `insert into sales (product_id, sale_price, cost, profit, payment_method, customer_name, source, sale_date)
         select (select min(id) from products) + (g % 5000), 10000 + g % 90000, 4000, 6000 + g % 90000,
                (array['zelle','cash','check','venmo'])[1 + g % 4], 'Buyer ' || g, 'manual',
                now() - make_interval(mins => g * 10)
         from generate_series(1, 100000) as g`,
      )
      await client.query('analyze sales')
    },
    requests: [
      { label: 'All Time, first page and cards', path: '/api/sales?pageSize=50' },
      { label: 'Past Month', path: '/api/sales?period=month&pageSize=50' },
      { label: 'Today', path: '/api/sales?period=today&pageSize=50' },
      { label: 'monthly chart', path: '/api/sales/monthly?months=12' },
    ],
  },
  {
    // Issue 23: 50 invoices in a row stay fast, p99 < 200 ms each. Built per request and
    // streamed; the orders are the ones the Admin orders scenario wrote.
    label: 'Invoice PDF',
    rows: 'one order of 20,000',
    seed: async () => {},
    requests: [{ label: 'GET /api/orders/15000/invoice.pdf', path: '/api/orders/15000/invoice.pdf' }],
    maxP99Ms: 200,
  },
]

async function measure(url: string, cookie: string) {
  const options = { url, connections: ADMIN_PLAN.connections, headers: { cookie } }
  await autocannon({ ...options, duration: ADMIN_PLAN.warmupS })
  const result = await autocannon({ ...options, duration: ADMIN_PLAN.measuredS })
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

/** Every scenario on one fresh PostgreSQL shop, signed in as its administrator. */
export async function benchAdmin(postgresUrl: string, scenarios = ADMIN_SCENARIOS): Promise<AdminOutcome> {
  try {
    return await withScratchDatabase(postgresUrl, async (databaseUrl) => {
      const server = await startApp({ databaseUrl, seedDemo: false })
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        const cookie = await signIn(server.baseUrl)
        const results: AdminRequestResult[] = []
        for (const scenario of scenarios) {
          console.info(`admin: seeding ${scenario.rows}`)
          await scenario.seed(client)
          for (const request of scenario.requests) {
            const url = `${server.baseUrl}${request.path}`
            const answer = await fetch(url, { headers: { cookie } })
            if (!answer.ok) throw new Error(`${request.path}: ${answer.status} ${await answer.text()}`)
            // A list answers JSON with its total; a PDF is read whole and has none.
            const isJson = answer.headers.get('content-type')?.includes('json')
            const body = isJson ? ((await answer.json()) as { total?: number }) : {}
            if (!isJson) await answer.arrayBuffer()
            await waitForQuietMachine()
            const load = await measure(url, cookie)
            results.push({
              scenario: scenario.label,
              rows: scenario.rows,
              request: request.label,
              path: request.path,
              ...load,
              total: body.total,
              pass: load.failures === 0 && load.p99Ms < (scenario.maxP99Ms ?? ADMIN_TARGETS.maxP99Ms),
            })
          }
        }
        return results
      } finally {
        await client.end()
        await stopChild(server)
        removeTempDir(server.dataDir)
      }
    })
  } catch (error) {
    return { error: (error as Error).stack ?? String(error) }
  }
}
