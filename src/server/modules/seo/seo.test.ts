import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/helpers'

let t: TestApp
let ids: Record<string, number>
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://jade.example', PAYMENT_PROVIDER: 'test' } })
  const db = t.handle.db
  ids = {
    available: (await insertProduct(db, { category: 'rings' })).id,
    sold: (await insertProduct(db, { category: 'bangles', type: 'bangle', status: 'sold' })).id,
    draft: (await insertProduct(db, { category: 'earrings', type: 'earring', status: 'draft' })).id,
  }
})
afterAll(() => t.close())

describe('sitemap and robots', () => {
  it('lists every public product, category and page, never drafts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('application/xml')
    const xml = response.body
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

  it('keeps crawlers out of the back office, accounts and checkout', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(response.body).toContain('Disallow: /admin')
    expect(response.body).toContain('Disallow: /account')
    expect(response.body).toContain('Disallow: /checkout')
    expect(response.body).toContain('Sitemap: https://jade.example/sitemap.xml')
  })
})
