import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { E2E_ADMIN } from '../playwright.config'
import { expect, test } from './fixtures'
import { shopperOrder } from './shopper'

// Issue 35: a member sees only what their role may use, and browsing never meets a 403 (the
// journey fails on any refused request).

// Each journey makes a member through the API and signs in twice: more than a page's worth of time.
test.describe.configure({ timeout: 60_000 })

/** At 320 px: nothing wider than the screen, and no axe violation. */
async function expectFitsAndAccessible(page: Page) {
  await page.setViewportSize({ width: 320, height: 700 })
  await page.mouse.move(0, 0)
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.map((violation) => violation.id)).toEqual([])
  await page.setViewportSize({ width: 1440, height: 900 })
}

/** A new account given `role` by the Owner, through the API; then signed in on the back office. */
async function signInAs(page: Page, role: string): Promise<string> {
  const username = `${role.replace(/\W/g, '')}${Date.now() % 1_000_000}`
  const password = 'member-password-35'
  const registered = await page.request.post('/api/register', {
    data: { username, password, email: `${username}@example.com` },
  })
  expect(registered.status()).toBe(201)
  await page.context().clearCookies()
  expect((await page.request.post('/api/login', { data: E2E_ADMIN })).ok()).toBe(true)
  const users = (await (await page.request.get(`/api/users?search=${username}`)).json()) as {
    items: { id: number; username: string }[]
  }
  const id = users.items.find((user) => user.username === username)!.id
  expect((await page.request.patch(`/api/users/${id}/admin`, { data: { isAdmin: true } })).ok()).toBe(true)
  expect((await page.request.put(`/api/admin/staff/${id}`, { data: { role } })).ok()).toBe(true)
  await page.context().clearCookies()

  await page.goto('/admin')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  return username
}

test('a Packer sees the orders and not the money, and a page outside the role is a calm refusal', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  // An order paid and packed by the Owner, waiting for the packer to ship it.
  const { orderId } = await shopperOrder(page)
  await page.context().clearCookies()
  expect((await page.request.post('/api/login', { data: E2E_ADMIN })).ok()).toBe(true)
  expect(
    (await page.request.patch(`/api/orders/${orderId}/payment`, { data: { paymentStatus: 'paid' } })).ok(),
  ).toBe(true)
  expect(
    (await page.request.patch(`/api/orders/${orderId}/status`, { data: { status: 'preparing' } })).ok(),
  ).toBe(true)
  await signInAs(page, 'packer')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Sales' })).toHaveCount(0)
  await expect(page.getByText('Sales today')).toHaveCount(0)
  await expect(page.getByText('Total Products')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Download backup' })).toHaveCount(0)

  await nav.getByRole('link', { name: 'Orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Orders' }).or(page.getByText('No orders found'))).toBeVisible()
  await expect(page.getByRole('button', { name: 'Record Payment' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0)
  await expect(page.getByText(/^Paid \$/)).toHaveCount(0)

  // The packer ships it with its tracking number; the trail keeps no money for them to read.
  await page.goto(`/admin/orders?tab=ready-to-ship&search=%23${orderId}`)
  const card = page.getByRole('article', { name: `Order #${orderId}` })
  await expect(card).toBeVisible()
  await card.getByRole('button', { name: 'Mark Shipped' }).click()
  const shipping = page.getByRole('dialog', { name: 'Mark Shipped' })
  await shipping.getByLabel('Tracking number').fill('9400111899223100054321')
  await shipping.getByRole('button', { name: 'Mark Shipped' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Order status updated successfully.' }).first(),
  ).toBeVisible()
  await page.goto(`/admin/orders?tab=completed&search=%23${orderId}`)
  await expect(card).toContainText('Shipped')
  // The piece's price is the packer's to see; the order's total, payments and balance are not.
  await expect(card).not.toContainText(/Total|Balance|Paid \$|received/)
  await expect(card).toContainText(/· packer\d+ \(Packer\)/)

  // The ledger is not theirs.
  await page.goto('/admin/sales')
  await expect(page.getByRole('heading', { level: 1, name: 'Not part of your role' })).toBeVisible()
  await expect(page.getByText('Your role does not include the ledger and reports')).toBeVisible()

  await page.goto('/admin/products')
  await expect(page.getByRole('heading', { level: 1, name: 'Not part of your role' })).toBeVisible()
  await expect(page.getByText('Your role does not include products')).toBeVisible()
  await expectFitsAndAccessible(page)
  await page.getByRole('link', { name: 'Go to the Dashboard' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})

test('a Bookkeeper without two-factor sign-in is sent to set it up, the other pages shut', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signInAs(page, 'bookkeeper')
  await expect(page).toHaveURL(/\/admin\/profile\?tab=two-factor$/)
  await expect(page.getByText('Your role requires two-factor sign-in: set it up to continue')).toBeVisible()
  await expectFitsAndAccessible(page)
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveCount(0)
  await page.goto('/admin/sales')
  await expect(page).toHaveURL(/\/admin\/profile\?tab=two-factor$/)
})
