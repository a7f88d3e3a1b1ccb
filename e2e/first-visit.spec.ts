import { expect, test } from './fixtures'
import { screenshot } from './screens'

test.describe('the shop shell', () => {
  test('a phone visitor browses, signs up, signs out and meets the 404 page', async ({ page, watch }) => {
    watch.expectFailures({ url: /^\/a\/path\/that\/does\/not\/exist$/, status: 404 })
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Featured Collection' })).toBeVisible()
    await screenshot(page, 'test-results/screens/home-375.png', { fullPage: true })

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog')
    await expect(menu).toBeVisible()
    await screenshot(page, 'test-results/screens/menu-375.png')
    await menu.getByRole('link', { name: 'Bangles' }).click()
    await expect(page).toHaveURL(/\/products\/category\/bangles$/)
    // The mobile menu closes on every route change.
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Bangles' })).toBeVisible()

    await page.goto('/account/login?tab=register')
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true')
    const username = `e2e${Date.now()}`
    await page.getByLabel('First name').fill('Ava')
    await page.getByLabel('Username').fill('ab')
    await page.getByLabel('Password').fill('secret123')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible()
    await page.getByLabel('Username').fill(username)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page).toHaveURL(/\/account\/profile$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Ava' })).toBeVisible()
    await screenshot(page, 'test-results/screens/profile-375.png')

    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByText('You have been logged out', { exact: true })).toBeVisible()

    const response = await page.goto('/a/path/that/does/not/exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })

  test('the header deepens its shadow after scrolling and the collections menu lists categories', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/')
    const header = page.locator('header').first()
    await expect(header).not.toHaveAttribute('data-scrolled', 'true')
    await page.mouse.wheel(0, 400)
    await expect(header).toHaveAttribute('data-scrolled', 'true')
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('button', { name: 'Collections' }).click()
    await expect(page.getByRole('link', { name: 'All Collections' }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'Rings' }).first()).toBeVisible()
    await screenshot(page, 'test-results/screens/home-1440.png', { fullPage: true })
  })
})
