import { E2E_ADMIN } from '../playwright.config'
import { expect, test } from './fixtures'
import { screenshot } from './screens'

test.describe('the back office door', () => {
  test('an administrator signs in and reaches the dashboard shell; a customer is turned away', async ({
    page,
  }) => {
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(/\/admin$/)
    await page.getByLabel('Username').fill(E2E_ADMIN.username)
    await page.getByLabel('Password').fill(E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
    await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible()
    await screenshot(page, 'test-results/screens/admin-1280.png')
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
    await page.getByRole('button', { name: 'Logout' }).first().click()
    await expect(page).toHaveURL(/\/$/)

    await page.goto('/admin/products')
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('link', { name: 'Return to Store' })).toBeVisible()
  })
})
