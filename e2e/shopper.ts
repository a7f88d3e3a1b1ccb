import type { Page } from '@playwright/test'
import { expect } from './fixtures'

// What a shopper does on the way to an order, once for the journeys that buy.

export interface ListedProduct {
  id: number
  name: string
  price: number
  status: string
}

export async function availablePieces(page: Page): Promise<ListedProduct[]> {
  const response = await page.request.get('/api/products?sort=price-asc')
  return ((await response.json()) as ListedProduct[]).filter((product) => product.status === 'available')
}

export async function addToCart(page: Page, product: ListedProduct) {
  await page.goto(`/product/${product.id}`)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByText('1 item added to your cart', { exact: true })).toBeVisible()
}

export async function fillDetails(page: Page, email: string) {
  await page.getByLabel('First name').fill('Ava')
  await page.getByLabel('Last name').fill('Chen')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Phone', { exact: true }).fill('713-555-0101')
  await page.getByLabel('Address', { exact: true }).fill('12 Jade Street')
  await page.getByLabel('City', { exact: true }).fill('Houston')
  await page.getByLabel('State', { exact: true }).selectOption('TX')
  await page.getByLabel('ZIP code').fill('77002')
}

/** A price as the shop writes it: $1,234.00. */
export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

export interface Listed {
  id: number
  name: string
  price: number
  status: string
  stockQuantity: number
  sku: string | null
}

/** A shopper with an account places a Zelle order for one piece, as the storefront sends it. */
export async function shopperOrder(page: Page, { pricedFrom = 0 }: { pricedFrom?: number } = {}) {
  const username = `shopper${Date.now() % 1_000_000}`
  const registered = await page.request.post('/api/register', {
    data: { username, password: 'correct horse battery', email: `${username}@example.com` },
  })
  expect(registered.status()).toBe(201)
  const pieces = (await (await page.request.get('/api/products?sort=price-asc')).json()) as Listed[]
  // One of a kind: its last unit is what the order reserves.
  const piece = pieces.find(
    (candidate) =>
      candidate.status === 'available' &&
      candidate.stockQuantity === 1 &&
      candidate.price >= pricedFrom &&
      candidate.price < 100_000,
  )
  expect(piece, `a one-of-a-kind piece from ${pricedFrom} cents to order`).toBeDefined()
  const shipping = 695
  const placed = await page.request.post('/api/checkout', {
    data: {
      firstName: 'Ines',
      lastName: 'Moreau',
      email: `${username}@example.com`,
      phone: '713-555-0199',
      address: '8 Celadon Court',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      country: 'United States',
      paymentMethod: 'zelle',
      items: [{ productId: piece!.id, quantity: 1, price: piece!.price }],
      subtotal: piece!.price,
      shippingCost: shipping,
      total: piece!.price + shipping,
    },
  })
  expect(placed.status()).toBe(200)
  return { orderId: ((await placed.json()) as { id: number }).id, piece: piece! }
}
