import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { belowZeroMessage } from '../src/shared/gift-cards/rules'
import { axeCheck } from './axe'
import { expect, signInAsOwner, test } from './fixtures'
import { screenshot } from './screens'

// Paying with a gift card (issue 36): the owner issues one, a shopper applies it at checkout and
// pays the rest by card.

mkdirSync('test-results/screens', { recursive: true })

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)

interface Listed {
  id: number
  price: number
  status: string
  stockQuantity: number
}

async function fillDetails(page: Page, email: string) {
  await page.getByLabel('First name').fill('Iris')
  await page.getByLabel('Last name').fill('Wong')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Phone', { exact: true }).fill('713-555-0136')
  await page.getByLabel('Address', { exact: true }).fill('36 Nephrite Court')
  await page.getByLabel('City', { exact: true }).fill('Houston')
  await page.getByLabel('State', { exact: true }).selectOption('TX')
  await page.getByLabel('ZIP code').fill('77002')
}

test('a shopper pays part of an order with a gift card and the rest by card', async ({
  page,
  browser,
  watch,
}) => {
  // A mistyped code is refused with a 404 "Gift card not found", on purpose.
  watch.expectFailures({ url: /^\/api\/cart\/gift-card$/, status: 404 })
  const owner = watch.also(await browser.newPage())
  await signInAsOwner(owner)
  const issued = await owner.request.post('/api/admin/gift-cards', {
    data: { amount: 5_000, reason: 'Spring fair prize' },
  })
  expect(issued.status()).toBe(201)
  const card = (await issued.json()) as { id: number; code: string; last4: string }
  // Taking more than the card holds is refused by the server (409): the message is beside the
  // amount, which has the focus, and what was typed stays.
  watch.expectFailures({ url: /^\/api\/admin\/gift-cards\/\d+$/, status: 409 })
  await owner.goto(`/admin/gift-cards/${card.id}`)
  await owner.getByRole('button', { name: 'Adjust' }).click()
  const adjust = owner.getByRole('dialog', { name: `Adjust ••••${card.last4}` })
  await adjust.getByLabel('Amount ($)').fill('-60')
  await adjust.getByLabel('Reason').fill('A typo')
  await adjust.getByRole('button', { name: 'Adjust balance' }).click()
  const amount = adjust.getByLabel('Amount ($)')
  await expect(amount).toHaveAccessibleDescription(belowZeroMessage(5_000))
  await expect(amount).toHaveAttribute('aria-invalid', 'true')
  await expect(amount).toBeFocused()
  await expect(amount).toHaveValue('-60')
  await expect(adjust.getByLabel('Reason')).toHaveValue('A typo')
  await owner.close()

  const pieces = (await (await page.request.get('/api/products?sort=price-asc')).json()) as Listed[]
  const piece = pieces.find(
    (p) => p.status === 'available' && p.stockQuantity === 1 && p.price >= 20_000 && p.price < 90_000,
  )!
  await page.setViewportSize({ width: 320, height: 800 })
  await page.goto(`/product/${piece.id}`)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByText('1 item added to your cart', { exact: true })).toBeVisible()
  await page.goto('/checkout')

  const summary = page.getByRole('region', { name: 'Order summary' })
  const field = summary.getByLabel('Gift card or store credit')
  await field.fill('ABCD-EFGH-JKMN-PQRS')
  await field.press('Enter')
  await expect(summary.getByRole('alert')).toHaveText('Gift card not found')
  await field.fill(card.code.toLowerCase())
  await summary.getByRole('button', { name: 'Apply gift card' }).click()
  await expect(summary.getByText(`Gift card ••••${card.last4}`)).toBeVisible()
  await expect(summary.getByText(`−${usd(5_000)}`)).toBeVisible()
  await expect(summary.getByRole('button', { name: `Remove Gift card ••••${card.last4}` })).toBeVisible()
  await expect(summary.getByText('Amount due')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  const axe = await axeCheck(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  expect(axe.violations).toEqual([])
  await screenshot(page, 'test-results/screens/checkout-gift-card-320.png', { fullPage: true })

  await fillDetails(page, 'iris.gift@example.com')
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await expect(page.getByRole('heading', { name: 'Complete Payment' })).toBeVisible()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay \$/ }).click()
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+&payment=card/)
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()

  const orderId = new URL(page.url()).searchParams.get('orderId')!
  const key = new URL(page.url()).searchParams.get('key')!
  const order = await (await page.request.get(`/api/order-status/${orderId}?key=${key}`)).json()
  expect(order.giftCardPayments).toEqual([{ last4: card.last4, amount: 5_000, kind: 'gift_card' }])
  expect(order.amountDue).toBe(order.total - 5_000)
  expect(order.paymentStatus).toBe('paid')
})
