import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { metricsRegistry } from '../modules/metrics/registry'
import { builtPages } from '../test/built-pages'
import { adminCookie, insertProduct, productFields } from '../test/factories'
import { createTestApp, registerCustomer, type TestApp } from '../test/helpers'
import { normalisePageUrl } from './page-cache'
import type { SsrBundle } from './ssr'

// The page cache for anonymous visitors, on the production build (npm test builds first).
let t: TestApp
let bundle: SsrBundle
let admin: string
let pieceId: number
let renders = 0

const { bundle: loaded, describeBuilt } = await builtPages('page-cache.test.ts')
beforeAll(async () => {
  if (!loaded) return
  // Counts the renders behind the answers: a hit renders nothing.
  bundle = {
    ...loaded,
    render: (request) => {
      renders += 1
      return loaded.render(request)
    },
  }
  t = await createTestApp({ ssrBundle: bundle })
  admin = await adminCookie(t.app, t.handle.db)
  pieceId = (await insertProduct(t.handle.db, { name: 'Cached Celadon Bangle', category: 'bangles' })).id
})
afterAll(() => t?.close())

const get = (url: string, headers: Record<string, string> = {}, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url, headers })

async function countedRenders(run: () => Promise<unknown>): Promise<number> {
  const before = renders
  await run()
  return renders - before
}

async function pageCounter(result: 'hits' | 'misses'): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric(`jade_cache_${result}_total`)?.get()
  return metric?.values.find((value) => value.labels.cache === 'pages')?.value ?? 0
}

describeBuilt('the page cache', () => {
  it('renders an anonymous page once and serves the same bytes after, counted as hits', async () => {
    const hitsBefore = await pageCounter('hits')
    const first = await get('/about?utm_source=mail')
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300')
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/)
    expect(await countedRenders(() => get('/about'))).toBe(0)
    const again = await get('/about')
    expect(again.body).toBe(first.body)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(await pageCounter('hits')).toBeGreaterThan(hitsBefore)
  })

  it('answers 304 to a browser that holds the page, and compressed bytes to one that accepts them', async () => {
    const page = await get('/testimonials')
    const etag = page.headers.etag as string
    const notModified = await get('/testimonials', { 'if-none-match': etag })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.body).toBe('')
    expect((await get('/testimonials', { 'if-none-match': '"other"' })).statusCode).toBe(200)
    const brotli = await get('/testimonials', { 'accept-encoding': 'gzip, br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.rawPayload.length).toBeLessThan(page.rawPayload.length)
    // A weight of 0 refuses an encoding (RFC 9110): no brotli for `br;q=0`.
    expect(
      (await get('/testimonials', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding'],
    ).toBe('gzip')
    expect(
      (await get('/testimonials', { 'accept-encoding': 'br;q=0' })).headers['content-encoding'],
    ).toBeUndefined()
  })

  it('renders one page for many visitors asking at once', async () => {
    await t.app.catalogChanges.changedNow()
    const rendered = await countedRenders(() => Promise.all(Array.from({ length: 8 }, () => get('/contact'))))
    expect(rendered).toBe(1)
  })

  it('puts nothing of a visitor in the shared page: no cart, no name, no session state', async () => {
    const html = (await get('/')).body
    const state = JSON.parse(
      /<script id="__QUERY_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!,
    )
    const keys = state.queries.map((query: { queryKey: unknown[] }) => query.queryKey[0])
    expect(keys).not.toContain('/api/check-auth')
    expect(keys).not.toContain('/api/cart')
    expect(html).toContain('Sign In')
  })

  it('never serves a signed-in visitor from the cache, nor keeps what they were shown', async () => {
    const { cookie } = await registerCustomer(t.app, { firstName: 'Mei' })
    await get('/about') // kept for anonymous visitors
    const signedIn = await get('/about', { cookie })
    expect(signedIn.body).toContain('Hi, Mei')
    expect(signedIn.headers['cache-control']).toBe('private, no-cache')
    expect(signedIn.headers.etag).toBeUndefined()
    // A page first asked for by the signed-in visitor is not kept for the next one.
    await t.app.catalogChanges.changedNow()
    expect((await get('/return-policy', { cookie })).body).toContain('Hi, Mei')
    const anonymous = await get('/return-policy')
    expect(anonymous.body).not.toContain('Hi, Mei')
    expect(anonymous.body).toContain('Sign In')
  })

  it('never caches checkout, the account area, orders or the back office', async () => {
    for (const url of ['/checkout', '/account/profile', '/order/1001', '/admin/dashboard']) {
      expect(await countedRenders(() => get(url)), url).toBe(1)
      expect(await countedRenders(() => get(url)), url).toBe(1)
      expect((await get(url)).headers['cache-control'] ?? '', url).not.toContain('public')
    }
  })

  it('never keeps an answer that sets a cookie', async () => {
    const app = await buildApp({
      config: t.config,
      database: t.handle,
      logger: false,
      rateLimits: false,
      ssrBundle: bundle,
    })
    app.addHook('onRequest', async (_request, reply) => {
      reply.setCookie('campaign', 'spring', { path: '/' })
    })
    await app.ready()
    try {
      const first = await get('/terms-conditions', {}, app)
      expect(first.headers['set-cookie']).toContain('campaign=spring')
      expect(first.headers['cache-control']).toBe('private, no-cache')
      expect(await countedRenders(() => get('/terms-conditions', {}, app))).toBe(1)
    } finally {
      await app.close()
    }
  })

  it('forgets every page when the catalogue changes', async () => {
    const before = (await get(`/product/${pieceId}`)).body
    expect(before).toContain('Cached Celadon Bangle')
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${pieceId}`,
      headers: { cookie: admin },
      payload: { ...productFields({ category: 'bangles', type: 'bangle' }), name: 'Renamed Celadon Bangle' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const after = (await get(`/product/${pieceId}`)).body
    expect(after).toContain('Renamed Celadon Bangle')
    expect((await get('/products/category/bangles')).body).toContain('Renamed Celadon Bangle')
  })

  it('does not keep a page not found', async () => {
    expect(await countedRenders(() => get('/product/987654'))).toBe(1)
    const missing = await get('/product/987654')
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['cache-control']).toBe('private, no-cache')
  })
})

describeBuilt('the has_session hint', () => {
  const names = (response: { cookies: { name: string; value: string }[] }) =>
    Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]))

  it('comes and goes with the session, and is given to a session that lacks it', async () => {
    const { cookie } = await registerCustomer(t.app)
    const sid = cookie.split('; ').find((pair) => pair.startsWith('sid='))!
    expect(cookie).toContain('has_session=1')
    // A session made before the hint existed gets it on its next request that reads the session.
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/check-auth', headers: { cookie: sid } })
    expect(names(refreshed).has_session).toBe('1')
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    expect(out.statusCode).toBe(200)
    expect(names(out).has_session).toBe('')
    // A hint whose session has ended is cleared.
    const stale = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } })
    expect(names(stale).has_session).toBe('')
  })
})

describeBuilt('several instances on one database', () => {
  it("clears another instance's pages when the owner writes on this one", async (context) => {
    if (t.handle.driver !== 'postgres') return context.skip('NOTIFY between instances needs PostgreSQL')
    const secondHandle = await t.database.open()
    const second = await buildApp({
      config: t.config,
      database: secondHandle,
      logger: false,
      rateLimits: false,
      ssrBundle: bundle,
    })
    await second.ready()
    try {
      const listing = async () => (await get('/products/category/bangles', {}, second)).body
      expect(await listing()).not.toContain('Told Elsewhere Bangle') // now kept on the second instance
      expect(await countedRenders(listing)).toBe(0)
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { cookie: admin },
        payload: { ...productFields({ category: 'bangles', type: 'bangle' }), name: 'Told Elsewhere Bangle' },
      })
      expect(created.statusCode, created.body).toBe(201)
      await expect.poll(listing, { timeout: 5000, interval: 50 }).toContain('Told Elsewhere Bangle')
    } finally {
      await second.close()
      await secondHandle.close()
    }
  })
})

describe('normalisePageUrl', () => {
  it('sorts parameters and drops empty ones and tracking tags', () => {
    expect(normalisePageUrl('/products?sort=price-asc&color=green&utm_source=x&q=')).toBe(
      '/products?color=green&sort=price-asc',
    )
    expect(normalisePageUrl('/products?color=green&sort=price-asc')).toBe(
      '/products?color=green&sort=price-asc',
    )
    expect(normalisePageUrl('/')).toBe('/')
  })
})
