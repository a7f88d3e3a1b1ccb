import Fastify, { type FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../../test/factories'
import { shopForFile } from '../../test/helpers'
import { seoRoutes } from './routes'

/** The files the sitemap index names, read one by one, as a crawler would. */
async function readSitemap(app: FastifyInstance, headers: Record<string, string> = {}) {
  const index = await app.inject({ method: 'GET', url: '/sitemap.xml', headers })
  const files = [...index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]!)
  const bodies = await Promise.all(
    files.map(async (file) => {
      const response = await app.inject({ method: 'GET', url: new URL(file).pathname, headers })
      expect(response.statusCode, file).toBe(200)
      return response.body
    }),
  )
  return { index, files, xml: bodies.join('\n') }
}

const t = shopForFile({ env: { PUBLIC_URL: 'https://jade.example', PAYMENT_PROVIDER: 'test' } })
let ids: Record<string, number>
beforeAll(async () => {
  const db = t.handle.db
  ids = {
    available: (await insertProduct(db, { category: 'rings' })).id,
    sold: (await insertProduct(db, { category: 'bangles', type: 'bangle', status: 'sold' })).id,
    draft: (await insertProduct(db, { category: 'earrings', type: 'earring', status: 'draft' })).id,
  }
})

describe('sitemap and robots', () => {
  it('lists every public product, category and page, never drafts', async () => {
    const { index, xml } = await readSitemap(t.app)
    expect(index.statusCode).toBe(200)
    expect(index.headers['content-type']).toContain('application/xml')
    expect(index.body).toContain('<sitemapindex')
    expect(xml).toContain('<loc>https://jade.example/</loc>')
    expect(xml).toContain('<loc>https://jade.example/products</loc>')
    expect(xml).toContain('<loc>https://jade.example/about</loc>')
    expect(xml).toContain('<loc>https://jade.example/return-policy</loc>')
    expect(xml).toContain('<loc>https://jade.example/products/category/rings</loc>')
    expect(xml).toContain(`<loc>https://jade.example/product/${ids.available}</loc>`)
    expect(xml).toContain(`<loc>https://jade.example/product/${ids.sold}</loc>`)
    expect(xml).not.toContain(`/product/${ids.draft}<`)
    expect(xml).not.toContain('/products/category/earrings')
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/)
  })

  it('splits the products into files of at most the protocol limit, read in id order', async () => {
    const app = Fastify()
    await app.register(seoRoutes, { db: t.handle.db, origin: () => 'https://jade.example', urlsPerFile: 1 })
    try {
      const { files, xml } = await readSitemap(app)
      // Two public pieces (one sold), one a file; the draft is in none.
      expect(files.filter((file) => file.includes('/sitemaps/products-'))).toEqual([
        'https://jade.example/sitemaps/products-1.xml',
        'https://jade.example/sitemaps/products-2.xml',
      ])
      const first = await app.inject({ method: 'GET', url: '/sitemaps/products-1.xml' })
      expect(first.body.match(/<url>/g)).toHaveLength(1)
      expect(first.body).toContain(`/product/${ids.available}</loc>`)
      expect(xml).toContain(`/product/${ids.sold}</loc>`)
      expect(xml).not.toContain(`/product/${ids.draft}<`)
      expect((await app.inject({ method: 'GET', url: '/sitemaps/products-3.xml' })).statusCode).not.toBe(200)
    } finally {
      await app.close()
    }
  })

  it('answers 404 for a sitemap file it does not make', async () => {
    for (const url of ['/sitemaps/products-99.xml', '/sitemaps/other.xml', '/sitemaps/products-0.xml'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404)
  })

  it('keeps crawlers out of the back office, accounts and checkout', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(response.body).toContain('Disallow: /admin')
    expect(response.body).toContain('Disallow: /account')
    expect(response.body).toContain('Disallow: /checkout')
    expect(response.body).toContain('Sitemap: https://jade.example/sitemap.xml')
  })
})
