import type { APIRequestContext, Page } from '@playwright/test'
import { E2E_ADMIN } from '../playwright.config'
import { expect, test } from './fixtures'

// A collection larger than one page (issue 21): numbered pages, a filter, a shared page-2 link,
// "Load more" and a search with a typo. The demo catalogue fits one page, so 30 bangles are added
// through the admin API first and removed at the end.

const SHOTS = process.env.E2E_SHOTS_DIR
const ADDED = 30
let owner: APIRequestContext
const added: number[] = []

test.beforeAll(async ({ playwright, baseURL }) => {
  owner = await playwright.request.newContext({ baseURL })
  expect((await owner.post('/api/login', { data: E2E_ADMIN })).ok()).toBe(true)
  const [demo] = (await (await owner.get('/api/products?category=bangles')).json()) as {
    imageUrls: string[]
    description: string
  }[]
  for (let n = 1; n <= ADDED; n++) {
    const response = await owner.post('/api/products', {
      data: {
        name: `Paging Celadon Bangle ${String(n).padStart(2, '0')}`,
        description: demo!.description,
        shortDescription: 'A celadon bangle added for the paging journey',
        price: 40_000 + n * 1_000,
        imageUrls: demo!.imageUrls,
        category: 'bangles',
        type: 'bangle',
        color: 'celadon',
        innerDiameterMm: 52 + (n % 14),
      },
    })
    expect(response.status(), await response.text()).toBe(201)
    added.push(((await response.json()) as { id: number }).id)
  }
})

test.afterAll(async () => {
  for (const id of added) await owner.delete(`/api/products/${id}`)
  await owner.dispose()
})

const cards = (page: Page) => page.locator('main article')
const apiCount = async (page: Page, query: string) =>
  ((await (await page.request.get(`/api/products?${query}&page=1&pageSize=1`)).json()) as { total: number })
    .total

async function shoot(page: Page, name: string) {
  if (!SHOTS) return
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

test.describe('a collection of many pieces', () => {
  test('pages through a category, filters by bangle size, and opens page 2 from a shared link', async ({
    page,
  }) => {
    const total = await apiCount(page, 'category=bangles')
    expect(total).toBeGreaterThan(24)
    await page.goto('/products/category/bangles')
    await expect(cards(page)).toHaveCount(24)
    await expect(page.getByText(`${total} pieces`, { exact: true })).toBeVisible()
    const pager = page.getByRole('navigation', { name: 'Pages' })
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    const firstOnPage1 = await cards(page).first().locator('h2').textContent()
    await shoot(page, 'listing-page-1')
    // The chips, the filters and the pager fit the narrowest phone.
    await page.setViewportSize({ width: 320, height: 640 })
    for (const part of [
      page.getByRole('navigation', { name: 'Categories' }),
      page.getByRole('region', { name: 'Filters' }),
      pager,
      page.getByRole('button', { name: 'Load more' }),
    ]) {
      const box = await part.boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(320)
    }
    if (SHOTS) {
      await pager.scrollIntoViewIfNeeded()
      // Asked for by E2E_SHOTS_DIR, whatever E2E_SCREENS says.
      await page.screenshot({ path: `${SHOTS}/pager-320.png` })
    }
    await page.setViewportSize({ width: 1280, height: 720 })

    await pager.getByRole('link', { name: 'Page 2' }).click()
    await expect(page).toHaveURL(/\/products\/category\/bangles\?page=2$/)
    await expect(cards(page)).toHaveCount(Math.min(24, total - 24))
    expect(await cards(page).first().locator('h2').textContent()).not.toBe(firstOnPage1)

    // A filter starts the view again at page 1, and counts what the server counts.
    await page.getByLabel('Bangle size').selectOption('M')
    await expect(page).toHaveURL(/\/products\/category\/bangles\?size=M$/)
    const medium = await apiCount(page, 'category=bangles&size=M')
    await expect(cards(page)).toHaveCount(Math.min(24, medium))
    await expect(
      page.getByText(`${medium} ${medium === 1 ? 'piece' : 'pieces'}`, { exact: true }),
    ).toBeVisible()

    // Page 2 opened from a shared address: its own canonical link and its neighbours for crawlers.
    const response = await page.goto('/products/category/bangles?page=2')
    const html = (await response?.text()) ?? ''
    expect(html).toMatch(
      /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/products\/category\/bangles\?page=2"/,
    )
    expect(html).toMatch(/<link rel="prev" href="[^"]*\/products\/category\/bangles"/)
    await expect(cards(page)).toHaveCount(Math.min(24, total - 24))
    await expect(
      page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }),
    ).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('heading', { level: 1, name: 'Bangles' })).toBeVisible()

    // A page past the last is not a page.
    expect((await page.request.get('/products/category/bangles?page=99')).status()).toBe(404)
  })

  test('"Load more" adds the next page in place', async ({ page }) => {
    const total = await apiCount(page, '')
    await page.goto('/products')
    await expect(cards(page)).toHaveCount(24)
    await page.evaluate(() => {
      ;(window as unknown as { stayed: boolean }).stayed = true
    })
    await page.getByRole('button', { name: 'Load more' }).click()
    await expect(cards(page)).toHaveCount(Math.min(48, total))
    await expect(page).toHaveURL(/\/products$/)
    // The same document: nothing reloaded.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    // No piece twice: by its page, since two pieces may share a name (an import run twice).
    const pages = await cards(page)
      .locator('h2 a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(pages).toHaveLength(Math.min(48, total))
    expect(new Set(pages).size).toBe(pages.length)
  })

  test('searches from the header and forgives a typo', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Search the collection' }).click()
    const box = page.getByRole('searchbox', { name: 'Search the collection' })
    await box.fill('celadn bangel')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/products\?q=celadn(\+|%20)bangel$/)
    await expect(page.getByText('Results for “celadn bangel”')).toBeVisible()
    await expect(cards(page)).toHaveCount(24)
    for (const name of await cards(page).locator('h2').allTextContents())
      expect(name).toMatch(/Celadon Bangle/)
    await expect(page.getByLabel('Sort')).toHaveValue('')
    await shoot(page, 'search')
  })
})
