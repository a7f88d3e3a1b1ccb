import type { Page } from '@playwright/test'
import { axeCheck } from './axe'
import { expect, test } from './fixtures'
import { screenshot } from './screens'

/** The server filters and sorts: the grid says when the new answer is on screen. */
const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0)

const prices = async (page: Page) => {
  await settled(page)
  // The price paid, not a struck-through original price.
  const texts = await page.locator('article [data-price-current]').allTextContents()
  return texts.map((text) => Number(text.replace(/[$,]/g, '')))
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await axeCheck(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test.describe('browsing the collection', () => {
  test('filters by category, colour and size, sorts by price, and keeps it all in the URL', async ({
    page,
  }) => {
    await page.goto('/products')
    await expect(page.getByRole('heading', { level: 1, name: 'All Collections' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Bangles' }).click()
    await expect(page).toHaveURL(/\/products\/category\/bangles$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Bangles' })).toBeVisible()
    const all = await page.locator('article').count()
    expect(all).toBeGreaterThan(3)

    await page.getByLabel('Bangle size').selectOption('XS')
    await expect(page).toHaveURL(/size=XS/)
    await expect(page.locator('article')).not.toHaveCount(all)
    await settled(page)
    for (const text of await page.locator('article h2').allTextContents()) expect(text).toMatch(/Bangle/)
    await page.getByLabel('Bangle size').selectOption('')

    await page.getByLabel('Color').selectOption('green')
    await expect(page).toHaveURL(/color=green/)
    await settled(page)
    const greens = await page.locator('article').count()
    expect(greens).toBeGreaterThan(0)
    expect(greens).toBeLessThan(all)

    // The view survives a reload: filters live in the URL.
    await page.reload()
    await expect(page.getByLabel('Color')).toHaveValue('green')
    await expect(page.locator('article')).toHaveCount(greens)

    await page.goto('/products')
    await page.getByLabel('Sort').selectOption('price-asc')
    await expect(page).toHaveURL(/sort=price-asc/)
    const ascending = await prices(page)
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
    await page.getByLabel('Sort').selectOption('price-desc')
    await expect(page).toHaveURL(/sort=price-desc/)
    const descending = await prices(page)
    expect(descending).toEqual([...ascending].sort((a, b) => b - a))

    // Sold pieces stay out of the listing until asked for, then carry the ribbon.
    await expect(page.getByText('SOLD', { exact: true })).toHaveCount(0)
    await page.getByLabel('Show sold pieces').check()
    await expect(page).toHaveURL(/sold=1/)
    await expect(page.getByText('SOLD', { exact: true }).first()).toBeAttached()
  })

  test('the size hint appears after a moment on focus', async ({ page }) => {
    await page.goto('/products/category/bangles')
    await page.getByRole('button', { name: "Don't know your size?" }).focus()
    await expect(page.getByRole('tooltip')).toBeVisible()
    await expect(page.getByRole('tooltip')).toContainText('flexible tape')
  })

  test('searches from the header', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Search the collection' }).click()
    await page.getByRole('searchbox', { name: 'Search the collection' }).fill('lavender')
    await page.getByRole('searchbox', { name: 'Search the collection' }).press('Enter')
    await expect(page).toHaveURL(/\/products\?q=lavender$/)
    await expect(page.getByText('Results for “lavender”')).toBeVisible()
    for (const text of await page.locator('article').allTextContents())
      expect(text.toLowerCase()).toContain('lavender')
  })

  test('a product page: gallery by buttons and keyboard, zoom, rotate', async ({ page }) => {
    await page.goto('/products/category/bangles')
    const first = page.locator('article h2 a').first()
    const name = (await first.textContent())!
    await first.click()
    await expect(page).toHaveURL(/\/product\/\d+$/)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByText(/\d+ mm inner diameter/)).toBeVisible()
    await expect(page.getByText('Available', { exact: true })).toBeVisible()

    const gallery = page.getByRole('region', { name: `${name} images` })
    const status = gallery.getByRole('status')
    await expect(status).toHaveText(/Image 1 of \d/)
    await gallery.getByRole('button', { name: 'Next image' }).click()
    await expect(status).toHaveText(/Image 2 of \d/)
    await page.keyboard.press('ArrowLeft')
    await expect(status).toHaveText(/Image 1 of \d/)
    await page.keyboard.press('ArrowRight')
    await expect(status).toHaveText(/Image 2 of \d/)

    await gallery.getByRole('button', { name: 'Zoom', exact: true }).click()
    await expect(gallery.getByRole('button', { name: 'Exit Zoom' })).toBeVisible()
    await gallery.getByRole('button', { name: 'Zoom in' }).click()
    await gallery.getByRole('button', { name: 'Rotate' }).click()
    await screenshot(page, 'test-results/screens/product-zoomed-1280.png')
    await page.keyboard.press('Escape')
    await expect(gallery.getByRole('button', { name: 'Zoom', exact: true })).toBeVisible()

    await page.getByRole('link', { name: 'Inquire About This Item' }).click()
    // The contact form opens with the piece named in the subject (issue 12).
    await expect(page).toHaveURL(/\/contact\?subject=/)
    await expect(page.getByLabel('Subject')).not.toHaveValue('')
  })

  test('an unknown product shows Product Not Found with a way back', async ({ page, watch }) => {
    watch.expectFailures(
      { url: /^\/product\/999999$/, status: 404 },
      { url: /^\/api\/products\/999999$/, status: 404 },
    )
    const response = await page.goto('/product/999999')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible()
    await page.getByRole('link', { name: 'Return to Products' }).click()
    await expect(page).toHaveURL(/\/products$/)
  })

  test('static pages carry their facts and a way back to the store', async ({ page }) => {
    await page.goto('/about')
    await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible()
    for (const value of ['Quality Craftsmanship', 'Cultural Respect', 'Ethical Sourcing']) {
      await expect(page.getByRole('heading', { name: value })).toBeVisible()
    }
    await page.goto('/return-policy')
    await expect(page.getByText(/14 days/).first()).toBeVisible()
    await page.getByRole('link', { name: 'Back to Store' }).first().click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('phone layouts and accessibility of the main pages', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    for (const [path, shot] of [
      ['/', 'home'],
      ['/products', 'products'],
      ['/about', 'about'],
    ] as const) {
      await page.goto(path)
      await screenshot(page, `test-results/screens/${shot}-375.png`, { fullPage: true })
      await expectNoSeriousA11yViolations(page)
    }
    await page.goto('/products')
    await page.locator('article h2 a').first().click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await screenshot(page, 'test-results/screens/product-375.png', { fullPage: true })
    await expectNoSeriousA11yViolations(page)
  })
})
