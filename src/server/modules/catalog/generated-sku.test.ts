import { sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { adminCookie, productFields } from '../../test/factories'
import { shopForFile } from '../../test/helpers'

// A generated SKU has four digits for its pieces of one category and colour (back-office.md §Data):
// the clock's, and on a clash the next ones free. A shop of its own: ten thousand rings would
// crowd the other catalogue tests.
const t = shopForFile()
let cookie: string
beforeAll(async () => {
  cookie = await adminCookie(t.app, t.handle.db)
})

const lavenderRing = () => {
  const { name, description, shortDescription, price, imageUrls, type } = productFields()
  return { name, description, shortDescription, price, imageUrls, type, category: 'rings', color: 'Lavender' }
}
const create = () =>
  t.app.inject({ method: 'POST', url: '/api/products', headers: { cookie }, payload: lavenderRing() })

it('finds the four digits its kind leaves free, however many pieces of it the shop has', async () => {
  // Every ending of lavender rings taken but one: the clock's is taken, whatever it reads.
  await t.handle.db.execute(sql`
    insert into products (sku, name, description, short_description, price, image_urls, category, color)
    select 'WJ-RILA-' || lpad(n::text, 4, '0'), 'Lavender ring ' || n, 'A ring.', 'A ring.', 10000,
      array['/uploads/ring-1280.webp'], 'rings', 'Lavender'
    from generate_series(0, 9999) as n where n <> 4321`)
  const created = await create()
  expect(created.statusCode, created.body).toBe(201)
  expect(created.json().sku).toBe('WJ-RILA-4321')
  const full = await create()
  expect(full.statusCode).toBe(409)
  expect(full.json().errors).toEqual([
    { field: 'sku', message: 'Could not generate a unique SKU; please enter one' },
  ])
})
