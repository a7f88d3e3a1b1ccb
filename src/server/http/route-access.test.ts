import { beforeAll, describe, expect, it } from 'vitest'
import {
  BUILT_IN_ROLES,
  type BuiltInRoleName,
  firstMissing,
  missingPermissionMessage,
  type Permission,
} from '../../shared/staff/permissions'
import { staffCookie } from '../test/factories'
import { registerCustomer, shopForFile } from '../test/helpers'

// Walks every route the app declares. Admin routes live in the admin scope (plugins/admin-scope.ts); every other
// route must be named below as public or as needing a signed-in shopper. A new route that is none
// of these fails here, so an admin endpoint can never ship unguarded by accident (DESIGN.md §5).

const PUBLIC = new Set([
  'GET /healthz',
  'GET /readyz',
  // Guarded by its own rule (this machine only, or METRICS_TOKEN): metrics.test.ts.
  'GET /metrics',
  'GET /api/store',
  'GET /api/categories',
  'GET /api/category-images',
  // With includeAll=true it checks for an administrator itself (tested in catalog.test.ts).
  'GET /api/products',
  'GET /api/products/facets',
  'GET /api/products/:id',
  'POST /api/newsletter',
  'POST /api/newsletter/unsubscribe',
  'POST /api/newsletter/confirm',
  // "Tell me when a similar piece arrives" (piece-alerts.test.ts); the one-click address takes a
  // signed token in its query (RFC 8058).
  'POST /api/products/:id/notify',
  'POST /api/alerts/confirm',
  'POST /api/alerts/unsubscribe',
  'POST /api/alerts/one-click-unsubscribe',
  // A newsletter campaign's one-click address, a signed token in its query (campaigns-sending.test.ts).
  'POST /api/newsletter/one-click-unsubscribe',
  'POST /api/inquiries',
  'GET /api/testimonials',
  'POST /api/testimonials',
  'POST /api/testimonials/upload',
  'GET /api/cart',
  'POST /api/cart',
  'PATCH /api/cart/:id',
  'DELETE /api/cart/:id',
  'DELETE /api/cart',
  'POST /api/cart/discount',
  'DELETE /api/cart/discount',
  // Gift cards paying for the session's cart, counted as codes are (gift-cards/checkout-gift-cards.test.ts).
  'POST /api/cart/gift-card',
  'DELETE /api/cart/gift-card/:last4',
  'POST /api/calculate-shipping',
  // A gift card's balance by its code, counted as discount codes are (gift-cards/gift-cards.test.ts).
  'POST /api/gift-cards/balance',
  // Buying a gift card, as a guest or signed in; only the starting session completes its card
  // payment (gift-cards/purchases.test.ts).
  'POST /api/gift-cards/purchases',
  'POST /api/gift-cards/purchases/:id/complete',
  // The checkout summary's sales tax, from the owner's settings and tables (tax/tax.test.ts).
  'POST /api/calculate-tax',
  'GET /api/check-auth',
  'POST /api/login',
  'POST /api/register',
  // A staff invitation's page, authorised by the invitation's signed token (staff/invitations.test.ts).
  'POST /api/staff/invitations/preview',
  'POST /api/staff/invitations/accept',
  'POST /api/logout',
  'POST /api/request-password-reset',
  'POST /api/reset-password',
  'POST /api/create-payment-intent',
  'POST /api/checkout',
  // An unfinished-checkout reminder's links, each authorised by its signed token
  // (checkout-reminders/checkout-reminders.test.ts).
  'GET /api/checkout/resume',
  'GET /api/checkout-reminders/unsubscribe',
  'POST /api/checkout-reminders/unsubscribe',
  // Shows one order only with its access key (orders/guest-order-link.test.ts).
  'GET /api/order-status/:id',
  'POST /api/webhooks/stripe',
  'POST /api/test-payments/:id/confirm',
  'GET /sitemap.xml',
  // Product feeds for Google Shopping and Meta, public once the owner turns them on (feeds.test.ts).
  'GET /feeds/google.xml',
  'GET /feeds/meta.csv',
  'GET /sitemaps/:file',
  'GET /api/blog/posts',
  'GET /api/blog/posts/:slug',
  'GET /journal/feed.xml',
  'GET /robots.txt',
  // The API's own description, guarded by its own rule: administrators only in production unless
  // OPENAPI_PUBLIC=true (openapi.test.ts); the browsable /api/docs exist only outside production.
  'GET /api/openapi.json',
  'GET /uploads/*',
])

const SIGNED_IN = new Set([
  // The shopper's own store credit and gift cards (gift-cards/store-credit.test.ts).
  'GET /api/account/gift-cards',
  'GET /api/wishlist',
  'POST /api/wishlist',
  'DELETE /api/wishlist/:productId',
  'PUT /api/users/:id',
  'POST /api/change-password',
  'POST /api/account/two-factor/setup',
  'POST /api/account/two-factor/enable',
  'POST /api/account/two-factor/disable',
  'POST /api/account/two-factor/recovery-codes',
  'GET /api/orders',
  'GET /api/orders/:id',
  'GET /api/orders/:id/invoice.pdf',
])

const t = shopForFile()
let customer: string
beforeAll(async () => {
  customer = (await registerCustomer(t.app)).cookie
})

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1')
const key = ({ method, url }: { method: string; url: string }) => `${method} ${url}`

async function answerOf(method: string, url: string, cookie?: string) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: concrete(url),
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    headers: cookie ? { cookie } : {},
  })
  return response
}
const statusOf = async (method: string, url: string, cookie?: string) =>
  (await answerOf(method, url, cookie)).statusCode

describe('every route', () => {
  it('is public, needs a signed-in shopper, or sits in the admin scope', () => {
    const admin = new Set(t.app.adminRoutes.map(key))
    const unclassified = t.app.declaredRoutes
      .map(key)
      .filter((route) => !admin.has(route) && !PUBLIC.has(route) && !SIGNED_IN.has(route))
    expect(unclassified).toEqual([])
    expect(admin.size).toBeGreaterThanOrEqual(10)
  })

  it('behind the admin scope answers 401 to anonymous visitors and 403 to customers', async () => {
    for (const { method, url } of t.app.adminRoutes) {
      expect({ method, url, status: await statusOf(method, url) }).toEqual({ method, url, status: 401 })
      expect({ method, url, status: await statusOf(method, url, customer) }).toEqual({
        method,
        url,
        status: 403,
      })
    }
  })

  it('that needs a signed-in shopper answers 401 to anonymous visitors', async () => {
    const declared = new Set(t.app.declaredRoutes.map(key))
    for (const route of SIGNED_IN) {
      expect(declared.has(route)).toBe(true)
      const [method, url] = route.split(' ') as [string, string]
      expect({ route, status: await statusOf(method, url) }).toEqual({ route, status: 401 })
    }
  })
})

describe('every admin route and every built-in role (issue 35)', () => {
  it('declares the permission it needs', () => {
    const undeclared = t.app.adminRoutes.filter((route) => !route.permission).map(key)
    expect(undeclared).toEqual([])
  })

  it("lets a role in exactly when it holds the route's permission, and names what is missing", async () => {
    const outcomes: string[] = []
    const expected: string[] = []
    for (const role of Object.keys(BUILT_IN_ROLES) as BuiltInRoleName[]) {
      const held: readonly Permission[] = BUILT_IN_ROLES[role].permissions
      const { cookie } = await staffCookie(t.app, t.handle.db, role)
      for (const route of t.app.adminRoutes) {
        // The backup streams the whole database: its refusal is what is walked here, not its archive.
        if (route.url === '/api/admin/backup' && held.includes('backup:download')) continue
        const answer = await answerOf(route.method, route.url, cookie)
        const missing = firstMissing(route.permission!, held)
        const allowed = missing === undefined
        const refusal = answer.statusCode === 403 ? (answer.json() as { message: string }).message : undefined
        // Let in means a 2xx or a domain error (4xx), never a fault.
        const status = answer.statusCode
        const letIn = status === 401 || status >= 500 ? String(status) : 'in'
        outcomes.push(`${role} ${key(route)} ${refusal ?? letIn}`)
        expected.push(`${role} ${key(route)} ${allowed ? 'in' : missingPermissionMessage(missing)}`)
      }
    }
    expect(outcomes).toEqual(expected)
  })
})
