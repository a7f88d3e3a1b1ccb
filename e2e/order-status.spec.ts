import type { APIRequestContext } from '@playwright/test'
import { E2E_ADMIN } from '../playwright.config'
import { expect, signInAsOwner, test } from './fixtures'
import { confirmationLink } from './mail'
import { screenshot } from './screens'

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
  // The invoice opens for the guest with the same key, without an account.
  const invoice = page.getByRole('link', { name: 'Download invoice (PDF)' })
  const href = await invoice.getAttribute('href')
  expect(href).toBe(`/api/orders/${id}/invoice.pdf${link.search}`)
  const pdf = await page.request.get(href!)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, 'test-results/screens/guest-order-375.png', { fullPage: true })
  await page.setViewportSize({ width: 1440, height: 900 })
  await screenshot(page, 'test-results/screens/guest-order-1440.png', { fullPage: true })

  const wrong = link.searchParams.get('key')!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))
  await page.goto(`${link.pathname}?key=${wrong}`)
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible()
  await expect(page.getByText(piece.name)).toHaveCount(0)
  // Without a key, a visitor is sent to sign in.
  await page.goto(link.pathname)
  await expect(page).toHaveURL(/\/account\/login$/)
})

test('a plan shopper sees their balance, their schedule and how to pay the next part', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { id, piece } = await placeGuestOrder(page.request, `plan${Date.now()}@example.com`)
  // The owner agrees a plan and records the deposit, in a session of their own.
  const owner = await playwright.request.newContext({ baseURL })
  expect(
    (
      await owner.post('/api/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })
    ).ok(),
  ).toBe(true)
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
  const deposit = Math.round(piece.price / 4)
  const rest = piece.price - deposit
  const first = Math.floor(rest / 2)
  const plan = await owner.put(`/api/orders/${id}/plan`, {
    data: {
      depositAmount: deposit,
      installments: [
        { amount: first, dueDate: day(30) },
        { amount: rest - first, dueDate: day(60) },
      ],
    },
  })
  expect(plan.ok()).toBe(true)
  const paid = await owner.patch(`/api/orders/${id}/payment`, {
    data: { paymentStatus: 'partial', amount: deposit, method: 'zelle' },
  })
  expect(paid.ok()).toBe(true)
  await owner.dispose()

  await expect.poll(() => confirmationLink(id), { timeout: 10_000 }).toBeTruthy()
  const link = new URL(confirmationLink(id)!)
  await page.goto(`${link.pathname}${link.search}`)
  const section = page.getByRole('region', { name: 'Payment Plan' })
  await expect(section).toBeVisible()
  const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
  await expect(section.getByText(money(rest), { exact: true }).first()).toBeVisible()
  const steps = section.getByRole('listitem')
  await expect(steps).toHaveCount(3)
  await expect(steps.nth(0)).toContainText('Deposit')
  await expect(steps.nth(0)).toContainText('Paid')
  await expect(steps.nth(1)).toContainText('Instalment 1')
  await expect(steps.nth(1)).toContainText('Due')
  await expect(steps.nth(2)).toContainText('Instalment 2')
  await expect(section.getByText(`Send ${money(first)} with Zelle to`)).toBeVisible()
  // The unpaid-order reminder gives way to the plan's own instructions.
  await expect(page.getByText('Awaiting your Zelle payment')).toHaveCount(0)
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(section, 'test-results/screens/plan-order-375.png')
  await page.setViewportSize({ width: 1440, height: 900 })
  await screenshot(page, 'test-results/screens/plan-order-1440.png', { fullPage: true })
})

test.describe('an owner traveling abroad', () => {
  test.use({ timezoneId: 'Asia/Tokyo' })

  test('reads order and inquiry times on the shop’s clock, with its zone named', async ({ page }) => {
    const { id } = await placeGuestOrder(page.request, `zone${Date.now()}@example.com`)
    const inquiry = await page.request.post('/api/inquiries', {
      data: {
        name: 'Mei Lin',
        email: 'mei@example.com',
        subject: 'Bangle sizing',
        message: 'Which size fits a 56 mm hand?',
      },
    })
    expect(inquiry.ok()).toBe(true)
    await signInAsOwner(page)
    const placed = await page.request.get(`/api/admin/orders?search=${id}`)
    const { createdAt } = (
      (await placed.json()) as { items: { id: number; createdAt: string }[] }
    ).items.find((order) => order.id === id)!
    const chicago = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(createdAt))

    await page.goto(`/admin/orders?search=${id}`)
    const card = page.getByRole('article', { name: new RegExp(`Order #${id}`) })
    await expect(card.getByText(chicago.replace(/\u202f/g, ' ')).first()).toBeVisible()
    await expect(card).toContainText(/C[SD]T/)

    await page.goto('/admin/inquiries')
    await expect(page.getByRole('row', { name: /Bangle sizing/ }).first()).toContainText(
      /\d{1,2}:\d{2} [AP]M C[SD]T/,
    )
  })
})
