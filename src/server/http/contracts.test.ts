import { beforeAll, describe, expect, it } from 'vitest'
import { adminCookie } from '../test/factories'
import { shopForFile } from '../test/helpers'

// Every JSON route answers through its contract's response schema (decision 012): what the schema
// does not name never leaves the server. The API document is built from the routes' schemas, so a
// route whose success answer it does not describe as JSON has none. A route that answers no JSON
// is named below with its reason.

const NOT_JSON: Record<string, string> = {
  'GET /healthz': 'health check: plain text',
  'GET /readyz': 'readiness check: plain text',
  'GET /api/openapi.json': 'the API document itself (hidden from itself)',
  'GET /api/checkout/resume': "the reminder's link: a redirect to checkout",
  'GET /api/checkout-reminders/unsubscribe': "List-Unsubscribe's address opened in a browser: a redirect",
  'GET /api/orders/:id/invoice.pdf': 'a PDF',
  'GET /sitemap.xml': 'XML',
  'GET /sitemaps/:file': 'XML',
  'GET /robots.txt': 'plain text',
  'GET /feeds/google.xml': 'XML product feed',
  'GET /feeds/meta.csv': 'CSV product feed',
  'GET /journal/feed.xml': 'Atom feed',
  'GET /uploads/*': 'images and files',
  'GET /api/admin/backup': "the back office's backup: a tar archive",
  'GET /api/admin/products/export.csv': 'CSV',
  'GET /api/admin/products/imports/:id/report.csv': 'CSV',
  'GET /api/newsletter/subscriptions.csv': 'CSV',
  'GET /api/sales/export': 'CSV',
  'GET /api/orders/:id/packing-slip.pdf': 'a PDF',
  'GET /api/admin/reports/sales-tax.csv': 'CSV',
  'GET /api/admin/campaigns/:id/preview.html': "the campaign's e-mail as a page, framed by its editor",
  'DELETE /api/admin/users/:id/tax-exemption': 'no content (204)',
  'GET /api/admin/tax-certificates/:name': "a buyer's tax certificate file: a PDF or a picture",
}

const t = shopForFile()
let document: { paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>> }
beforeAll(async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/openapi.json',
    headers: { cookie: await adminCookie(t.app, t.handle.db) },
  })
  document = response.json()
})

const key = ({ method, url }: { method: string; url: string }) => `${method} ${url}`
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

/** Whether the document describes a success answer of the route as JSON. */
function answersJson(method: string, url: string): boolean {
  const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()]
  return Object.entries(operation?.responses ?? {}).some(
    ([status, answer]) => status.startsWith('2') && !!answer.content && 'application/json' in answer.content,
  )
}

describe('every JSON route', () => {
  const declared = () =>
    t.app.declaredRoutes.filter((route) => !route.url.startsWith('/api/docs') && route.url !== '*')

  it('declares a response schema for each success it sends', () => {
    const missing = declared()
      .filter((route) => !(key(route) in NOT_JSON))
      .filter((route) => !answersJson(route.method, route.url))
      .map(key)
    expect(missing).toEqual([])
  })

  it('is listed as not JSON only while the route exists', () => {
    const routes = new Set(declared().map(key))
    const stale = Object.keys(NOT_JSON).filter((route) => !routes.has(route))
    expect(stale).toEqual([])
  })
})

describe('a response schema', () => {
  it('keeps what it does not name on the server: the password hash never leaves with the user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'contract_shopper', email: 'contract@example.com', password: 'secret-pass-1' },
    })
    expect(response.statusCode).toBe(201)
    const user = response.json()
    expect(Object.keys(user).sort()).toEqual(
      [
        'id',
        'username',
        'email',
        'firstName',
        'lastName',
        'address',
        'city',
        'state',
        'zipCode',
        'country',
        'phone',
        'isAdmin',
        'twoFactorEnabled',
        'isAuthenticated',
      ].sort(),
    )
  })
})
