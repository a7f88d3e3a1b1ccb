import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'

interface ListedProduct {
  id: number
  name: string
  price: number
  status: string
}

/** A guest's Zelle order for one available piece, placed through the checkout API as the page does. */
async function placeGuestOrder(request: APIRequestContext, email: string) {
  const listed = (await (await request.get('/api/products?sort=price-desc')).json()) as ListedProduct[]
  const piece = listed.find((product) => product.status === 'available' && product.price >= 100_000)!
  const response = await request.post('/api/checkout', {
    data: {
      firstName: 'Ava',
      lastName: 'Guest',
      email,
      phone: '713-555-0101',
      address: '12 Jade Street',
      city: 'Houston',
      state: 'TX',
      zipCode: '77002',
      country: 'United States',
      paymentMethod: 'zelle',
      items: [{ productId: piece.id, quantity: 1, price: piece.price }],
      subtotal: piece.price,
      shippingCost: 0,
      total: piece.price,
    },
  })
  expect(response.ok()).toBe(true)
  return { id: ((await response.json()) as { id: number }).id, piece }
}

/** The "View your order" link of the order's confirmation e-mail (an .eml file in the e2e run). */
function confirmationLink(orderId: number): string | undefined {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail')
  if (!existsSync(dir)) return undefined
  for (const file of readdirSync(dir).filter((name) => name.includes('order-confirmation'))) {
    // Quoted-printable may wrap the link; join soft line breaks first.
    const text = readFileSync(path.join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
    const match = new RegExp(`https?://[^\\s"<>]+/order/${orderId}\\?key=[A-Za-z0-9_-]+`).exec(text)
    if (match) return match[0]
  }
  return undefined
}

test('a guest follows the confirmation e-mail to their order; a wrong key shows nothing', async ({
  page,
  watch,
}) => {
  watch.expectFailures({ url: /^\/api\/order-status\/\d+$/, status: 404 })
  const { id, piece } = await placeGuestOrder(page.request, `guest${Date.now()}@example.com`)
  await expect.poll(() => confirmationLink(id), { timeout: 10_000 }).toBeTruthy()
  const link = new URL(confirmationLink(id)!)

  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible()
  await expect(page.getByText(piece.name)).toBeVisible()
  await expect(page.getByText('Awaiting your Zelle payment')).toBeVisible()
  // A guest has no account to go back to.
  await expect(page.getByRole('link', { name: 'My Orders' })).toHaveCount(0)
  await page.setViewportSize({ width: 375, height: 812 })
  await page.screenshot({ path: 'test-results/screens/guest-order-375.png', fullPage: true })
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.screenshot({ path: 'test-results/screens/guest-order-1440.png', fullPage: true })

  const wrong = link.searchParams.get('key')!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))
  await page.goto(`${link.pathname}?key=${wrong}`)
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible()
  await expect(page.getByText(piece.name)).toHaveCount(0)
  // Without a key, a visitor is sent to sign in.
  await page.goto(link.pathname)
  await expect(page).toHaveURL(/\/account\/login$/)
})
