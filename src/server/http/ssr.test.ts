import { brotliDecompressSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { products } from '../modules/catalog/schema'
import { builtPages } from '../test/built-pages'
import { adminCookie, staffCookie } from '../test/factories'
import { cookieHeader, createTestApp, registerCustomer, type TestApp } from '../test/helpers'

// Renders pages from the production build (npm test builds before running this suite).
const { bundle: ssrBundle, describeBuilt } = await builtPages('ssr.test.ts')
let t: TestApp
beforeAll(async () => {
  if (!ssrBundle) return
  t = await createTestApp({ ssrBundle })
  await t.handle.db
    .insert(products)
    .values([
      piece({ name: 'Imperial Green Bangle', category: 'bangles', featured: true }),
      piece({ name: 'Lavender Cabochon Ring', category: 'rings', color: 'lavender' }),
      piece({ name: 'Secret Draft Pendant', category: 'necklaces', status: 'draft' }),
    ])
})
afterAll(() => t?.close())

function piece(fields: Partial<typeof products.$inferInsert> & { name: string; category: string }) {
  return {
    description: 'A natural Type A jadeite piece from Myanmar.',
    shortDescription: 'Natural Type A jadeite',
    price: 120_000,
    color: 'green',
    imageUrls: ['/uploads/example-1280.webp'],
    ...fields,
  }
}

describeBuilt('server-side rendering', () => {
  it('renders the home page with the header and the categories from the database before any JavaScript', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    const html = response.body
    expect(html).toContain('Skip to content')
    // The Collections menu: All Collections plus one entry per category in the database.
    const menu = /Collections <svg[\s\S]*?<\/ul>/.exec(html)?.[0] ?? ''
    expect(menu).toMatch(/href="\/products"[^>]*>All Collections<\/a>/)
    expect(menu).toContain('href="/products/category/bangles"')
    expect(menu).toContain('href="/products/category/rings"')
    // Drafts are never public, not even as a menu entry.
    expect(menu).not.toContain('/products/category/necklaces')
    // Featured pieces are in the page itself, not fetched later.
    expect(html).toContain('Imperial Green Bangle')
    expect(html).toMatch(/<title>[^<]+<\/title>/)
    expect(html).toContain('<link rel="canonical" href="http://localhost:80/"')
    expect(html).toContain('<meta name="description"')
    // The query cache the browser hydrates from.
    expect(html).toContain('<script id="__QUERY_STATE__" type="application/json">')
  })

  it('greets a signed-in customer by name in the server-rendered header', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'jadefan', password: 'secret123', firstName: 'Lin' },
    })
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: cookieHeader(register) },
    })
    expect(response.body).toContain('Hi, Lin')
  })

  it('answers unknown paths with the 404 page and status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no-such-page' })
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('Page Not Found')
  })

  it('answers a missing product with 404 and redirects the old product URL', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/product/99999' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('Product Not Found')
    const legacy = await t.app.inject({ method: 'GET', url: '/products/42' })
    expect(legacy.statusCode).toBe(301)
    expect(legacy.headers.location).toBe('/product/42')
  })

  it('renders a product page with its name, price, social tags and structured data', async () => {
    const [row] = await t.handle.db.select().from(products).where(eq(products.name, 'Lavender Cabochon Ring'))
    const response = await t.app.inject({ method: 'GET', url: `/product/${row!.id}` })
    expect(response.statusCode).toBe(200)
    const html = response.body
    expect(html).toContain('<title>Lavender Cabochon Ring | Jade Shop</title>')
    expect(html).toContain('$1,200.00')
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost:80/uploads/example-1280.webp" />',
    )
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    )
    const product = ld.find((data) => data['@type'] === 'Product')
    expect(product).toMatchObject({
      name: 'Lavender Cabochon Ring',
      offers: { priceCurrency: 'USD', price: '1200.00', availability: 'https://schema.org/InStock' },
    })
    expect(ld.find((data) => data['@type'] === 'BreadcrumbList')?.itemListElement).toHaveLength(3)
  })

  it("passes `$'`, `$&` and `$1` in content through unchanged (no replace-pattern expansion)", async () => {
    const description = "Cut $' from $& the stone; $1 and $$ stay as written."
    const [row] = await t.handle.db
      .insert(products)
      .values(piece({ name: 'Dollar Sign Pendant', category: 'pendants', description }))
      .returning()
    const html = (await t.app.inject({ method: 'GET', url: `/product/${row!.id}` })).body
    const state = /<script id="__QUERY_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1]
    expect(state).toBeDefined()
    expect(state).toContain(JSON.stringify(description).slice(1, -1))
    expect(() => JSON.parse(state!)).not.toThrow()
    expect(html.match(/<\/html>/g)).toHaveLength(1)
  })

  it('names only a trusted host in canonical links', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/', headers: { host: 'evil.example' } })).body
    expect(html).not.toContain('evil.example')
    expect(html).toContain(`<link rel="canonical" href="http://localhost:${t.config.port}/"`)
  })

  it('lets no one store account pages, and says when test cards are taken', async () => {
    const account = await t.app.inject({ method: 'GET', url: '/account/profile' })
    expect(account.headers['cache-control']).toBe('private, no-store')
    // The home page is the same for every visitor without a session: a CDN may keep it briefly.
    const home = await t.app.inject({ method: 'GET', url: '/' })
    expect(home.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300')
    expect(home.body).toContain('Test mode: card payments use test cards')
    expect(home.body).toContain('<aside aria-label="Test mode"')
  })

  it('marks a sold piece SoldOut and keeps its page', async () => {
    await t.handle.db
      .update(products)
      .set({ status: 'sold' })
      .where(eq(products.name, 'Lavender Cabochon Ring'))
    // What the services do after every write: the cached pages are forgotten.
    t.app.catalogChanges.changed()
    const [row] = await t.handle.db.select().from(products).where(eq(products.name, 'Lavender Cabochon Ring'))
    const html = (await t.app.inject({ method: 'GET', url: `/product/${row!.id}` })).body
    expect(html).toContain('https://schema.org/SoldOut')
    expect(html).toContain('SOLD')
  })

  it('describes the shop itself on the home page', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body
    expect(html).toContain('"@type":"JewelryStore"')
  })

  it('server-renders a filtered listing from the URL', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/products?color=lavender&sold=1' })).body
    expect(html).toContain('Lavender Cabochon Ring')
    expect(html).not.toContain('Imperial Green Bangle</a>')
  })

  it("names the back office's code in its pages' heads, after the app's own, and none on the storefront", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)">/g)].map((m) => m[1]!)
    const cookie = await adminCookie(t.app, t.handle.db)
    const admin = await t.app.inject({ method: 'GET', url: '/admin/orders', headers: { cookie } })
    const named = preloads(admin.body)
    const at = (chunk: string) => named.findIndex((file) => file.startsWith(`/assets/${chunk}-`))
    // The app's entry and the back office's shell with the modules they import, each once.
    expect(at('entry-client')).toBeGreaterThanOrEqual(0)
    expect(at('admin-app')).toBeGreaterThan(at('entry-client'))
    // And the opened screen's own chunk, after the shell: it no longer waits for the shell to run.
    expect(at('orders-page')).toBeGreaterThan(at('admin-app'))
    expect(named.some((file) => file.includes('products-page'))).toBe(false)
    expect(named.length).toBeGreaterThan(20)
    expect(new Set(named).size).toBe(named.length)
    expect(admin.body.indexOf('rel="modulepreload"')).toBeGreaterThan(
      admin.body.indexOf('<script type="module"'),
    )
    for (const file of named.slice(0, 3))
      expect((await t.app.inject({ method: 'GET', url: file })).statusCode).toBe(200)
    // In another letter case the router draws the same screen: its code is named as early, and
    // the page is as private.
    const mixedCase = await t.app.inject({ method: 'GET', url: '/Admin/ORDERS', headers: { cookie } })
    expect(mixedCase.statusCode).toBe(200)
    expect(preloads(mixedCase.body)).toEqual(named)
    expect(mixedCase.headers['cache-control']).toBe('private, no-store')
    // Shoppers' pages carry only the template's own preload; the manifest itself is not served.
    const home = (await t.app.inject({ method: 'GET', url: '/' })).body
    expect(preloads(home).filter((file) => !file.includes('preload-helper'))).toEqual([])
    expect((await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404)
  })

  it('serves built assets with long cache lifetimes', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeDefined()
    const asset = await t.app.inject({ method: 'GET', url: script! })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
  })
})

describeBuilt('streaming', () => {
  // Scripts React writes into the page itself (not the query state or structured data).
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>/g)].map(
      (match) => match[1] ?? '',
    )

  it("streams a signed-in visitor's page, a part that loads late swapped in by a script the CSP allows", async () => {
    const cookie = await adminCookie(t.app, t.handle.db)
    // The listing is large enough for React to send it after the top of the page.
    const response = await t.app.inject({
      method: 'GET',
      url: '/products',
      headers: { cookie, 'accept-encoding': 'br' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    const html = brotliDecompressSync(response.rawPayload).toString('utf8')
    expect(html).toContain('<script id="__QUERY_STATE__" type="application/json">')
    expect(html.trimEnd()).toMatch(/<\/html>$/)
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1]
    expect(nonce).toBeDefined()
    expect(String(response.headers['content-security-policy'])).toMatch(/script-src [^;]*'nonce-/)
    const scripts = inlineScripts(html)
    expect(scripts.length).toBeGreaterThan(0)
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`)
  })

  it('gives the page cache whole renders: no inline script, no nonce', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/products' })
    expect(response.statusCode).toBe(200)
    expect(inlineScripts(response.body)).toEqual([])
    expect(String(response.headers['content-security-policy'])).not.toContain('nonce-')
  })
})

describeBuilt('redirects', () => {
  it('sends a visitor with an empty cart from /checkout to the shop', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/checkout' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/')
  })
})

describeBuilt('memory', () => {
  it('keeps nothing of a render once its request is over: no query waits out a timer', async () => {
    const bundle = ssrBundle as NonNullable<typeof ssrBundle>
    // Every query of the page gets data: on a render's query client each would start a timer.
    const fetchJson = async (path: string) => {
      const answer = await t.app.inject({ method: 'GET', url: path })
      return { status: answer.statusCode, body: answer.json() as unknown }
    }
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length
    const before = timers()
    for (let i = 0; i < 20; i++) {
      await bundle.render({
        url: `/products?page=${i + 1}`,
        origin: 'http://localhost',
        fetchJson,
        anonymous: true,
      })
    }
    // A timer of the test runner's own may come or go; twenty renders of several queries would
    // leave scores of them.
    expect(timers() - before).toBeLessThan(5)
  })
})

describeBuilt('the back office', () => {
  const queryState = (html: string) =>
    JSON.parse(/<script id="__QUERY_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as {
      queries: { queryKey: unknown[] }[]
    }
  const keys = (html: string) => queryState(html).queries.map((query) => query.queryKey[0])

  it("comes with the member's role and the first screen's data their role may read", async () => {
    const owner = await adminCookie(t.app, t.handle.db)
    const orders = await t.app.inject({
      method: 'GET',
      url: '/admin/orders?tab=all',
      headers: { cookie: owner },
    })
    expect(orders.statusCode).toBe(200)
    expect(keys(orders.body)).toEqual(expect.arrayContaining(['/api/admin/me', '/api/admin/orders']))
    // The router matches the path in any letter case, and so does the first screen's data.
    const mixedCase = await t.app.inject({ method: 'GET', url: '/Admin/Orders', headers: { cookie: owner } })
    expect(keys(mixedCase.body)).toEqual(expect.arrayContaining(['/api/admin/me', '/api/admin/orders']))

    // A packer opening the sales ledger gets their role, and nothing of the ledger.
    const packer = await staffCookie(t.app, t.handle.db, 'packer')
    const sales = await t.app.inject({
      method: 'GET',
      url: '/admin/sales',
      headers: { cookie: packer.cookie },
    })
    expect(keys(sales.body)).toContain('/api/admin/me')
    expect(keys(sales.body)).not.toContain('/api/sales')

    // The dashboard comes with every query behind a skeleton or a late block, each for the roles
    // that may read it: the owner gets the waiting shoppers and the tax watch, a packer neither.
    const dashboard = (cookie: string) =>
      t.app
        .inject({ method: 'GET', url: '/admin/dashboard', headers: { cookie } })
        .then((page) => keys(page.body))
    expect(await dashboard(owner)).toEqual(
      expect.arrayContaining([
        '/api/admin/overview',
        '/api/admin/products/summary',
        '/api/admin/piece-alerts/waiting',
        '/api/admin/tax/watch',
      ]),
    )
    const packersDashboard = await dashboard(packer.cookie)
    expect(packersDashboard).toEqual(expect.arrayContaining(['/api/admin/overview']))
    expect(packersDashboard).not.toContain('/api/admin/tax/watch')
    expect(packersDashboard).not.toContain('/api/admin/piece-alerts/waiting')

    // The screen is drawn on the server, with its data, before the back office's code has loaded.
    const drawn = await t.app.inject({ method: 'GET', url: '/admin/orders', headers: { cookie: owner } })
    expect(drawn.body).toMatch(/<h1[^>]*>Orders<\/h1>/)
    expect(drawn.body).not.toContain('aria-busy="true"')

    // A shopper, or a visitor, is sent to the sign-in page, with nothing of a member's.
    const shopper = await registerCustomer(t.app)
    for (const cookie of [shopper.cookie, '']) {
      const refused = await t.app.inject({ method: 'GET', url: '/admin/orders', headers: { cookie } })
      expect(refused.statusCode).toBe(302)
      expect(refused.headers.location).toBe('/admin')
    }
    const signIn = await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie: shopper.cookie } })
    expect(signIn.body).toMatch(/<h1[^>]*>Admin Login<\/h1>/)
    expect(keys(signIn.body)).not.toContain('/api/admin/me')
    // A member opening the sign-in page is sent on to the dashboard, as the page would send them.
    const member = await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie: owner } })
    expect(member.headers.location).toBe('/admin/dashboard')
    // A Bookkeeper without two-factor sign-in is sent to set it up, from any screen but the profile
    // (from the sign-in page, by way of the dashboard).
    const bookkeeper = await staffCookie(t.app, t.handle.db, 'bookkeeper', undefined, { twoFactor: false })
    for (const url of ['/admin/dashboard', '/admin/sales']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie: bookkeeper.cookie } })
      expect(page.headers.location, url).toBe('/admin/profile?tab=two-factor')
    }
    const setUp = await t.app.inject({
      method: 'GET',
      url: '/admin/profile?tab=two-factor',
      headers: { cookie: bookkeeper.cookie },
    })
    expect(setUp.statusCode).toBe(200)
  })
})
