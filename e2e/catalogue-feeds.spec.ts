import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { axeCheck } from './axe'
import { expect, signInAsOwner, test, toast } from './fixtures'
import { screenshot } from './screens'

// The catalogue out of the shop (issue 37): the owner downloads every piece as CSV, and lists the
// pieces on sale on Google Shopping and Instagram by turning their feeds on in Settings.

test('the owner exports the catalogue and turns the Google Shopping feed on', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInAsOwner(page)
  await page.goto('/admin/products')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^jade-shop-products-\d{4}-\d{2}-\d{2}\.csv$/)
  const rows = parse(readFileSync((await download.path())!), { bom: true, columns: true }) as Record<
    string,
    string
  >[]
  expect(rows.length).toBeGreaterThan(5)
  expect(rows[0]).toHaveProperty('Cost')
  expect(rows.find((row) => row.Status === 'available')?.Images).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/uploads\//,
  )

  // Off by default: Merchant Center would find nothing.
  expect((await page.request.get('/feeds/google.xml')).status()).toBe(404)
  await page.getByRole('link', { name: 'Settings' }).first().click()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  const google = page.getByRole('checkbox', { name: 'List my pieces on Google Shopping' })
  await expect(google).not.toBeChecked()
  await google.click()
  await expect(toast(page, 'Feed settings saved')).toBeVisible()
  await expect(google).toBeChecked()
  const address = page.locator('code').filter({ hasText: '/feeds/google.xml' })
  await expect(address).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/feeds\/google\.xml$/)
  await page.getByRole('button', { name: /^Copy http/ }).click()
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await address.textContent())

  const axe = await axeCheck(page).analyze()
  expect(axe.violations).toEqual([])
  await page.setViewportSize({ width: 375, height: 740 })
  await screenshot(page, 'test-results/screens/settings-feeds-375.png', { fullPage: true })

  const feed = await page.request.get('/feeds/google.xml')
  expect(feed.status()).toBe(200)
  const xml = await feed.text()
  const available = rows.filter((row) => row.Status === 'available' && row.Images && Number(row.Stock) > 0)
  expect(xml.match(/<item>/g)).toHaveLength(available.length)
  for (const row of rows.filter((r) => r.Status === 'sold'))
    expect(xml).not.toContain(`<g:id>${row.ID}</g:id>`)
  // Meta's feed stays off until its own box is ticked.
  expect((await page.request.get('/feeds/meta.csv')).status()).toBe(404)
})
