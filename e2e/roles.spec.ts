import type { Page } from '@playwright/test'
import { E2E_ADMIN } from '../playwright.config'
import { axeCheck, untilStill } from './axe'
import { expect, test } from './fixtures'
import { screenshot } from './screens'

// Issue 35: a member sees only what their role may use, and browsing never meets a 403 (the
// journey fails on any refused request).

// Each journey makes a member through the API and signs in twice: more than a page's worth of time.
test.describe.configure({ timeout: 60_000 })

/** At 320 px: nothing wider than the screen, and no axe violation. */
async function expectFitsAndAccessible(page: Page) {
  await page.setViewportSize({ width: 320, height: 700 })
  await page.mouse.move(0, 0)
  await untilStill(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  const { violations } = await axeCheck(page).analyze()
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

test('a Show assistant records a sale at a fair, without cost or profit, and cannot open the orders', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await signInAs(page, 'show-assistant')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByText('Sales today')).toHaveCount(0)
  await page.getByRole('link', { name: 'Record Sale' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Record Sale' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No sale recorded yet' })).toBeVisible()
  await expectFitsAndAccessible(page)

  await page.setViewportSize({ width: 375, height: 812 })
  await page.getByRole('button', { name: 'Record Sale' }).click()
  const picker = page.getByRole('dialog', { name: 'Record Sale' })
  const piece = picker.getByRole('list', { name: 'Available pieces' }).getByRole('button').first()
  const pieceName = (await piece.locator('span span').first().textContent())!
  await piece.click()
  const form = page.getByRole('dialog', { name: 'Mark as Sold' })
  await expect(form.getByLabel('Final Sale Price ($)')).toBeVisible()
  // Cost and profit are not the assistant's to see or set.
  await expect(form.getByLabel('Cost Basis ($)')).toHaveCount(0)
  await expect(form.getByText('Estimated profit')).toHaveCount(0)
  await expectFitsAndAccessible(page)
  await page.setViewportSize({ width: 375, height: 812 })
  await form.getByLabel('Customer Name').fill('A collector at the Tucson show')
  await form.getByRole('button', { name: 'Complete Sale' }).click()
  await expect(form).toHaveCount(0)
  const recorded = page.getByRole('region', { name: 'Recorded on this page' })
  await expect(recorded).toContainText(pieceName)
  await expect(recorded).toContainText('A collector at the Tucson show')
  await screenshot(page, 'test-results/screens/record-sale-375.png', { fullPage: true })

  // The orders are not theirs: a calm page that says so.
  await page.goto('/admin/orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Not part of your role' })).toBeVisible()
  await expect(page.getByText('Your role does not include orders')).toBeVisible()
  await expectFitsAndAccessible(page)

  // The Owner finds the sale in the ledger, recorded by the assistant.
  await page.context().clearCookies()
  expect((await page.request.post('/api/login', { data: E2E_ADMIN })).ok()).toBe(true)
  const sales = (await (
    await page.request.get(`/api/sales?search=${encodeURIComponent('Tucson show')}`)
  ).json()) as { items: { productName: string; customerName: string }[] }
  expect(sales.items.map((sale) => sale.productName)).toContain(pieceName)
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
