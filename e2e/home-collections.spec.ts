import { expect, test } from './fixtures'
import { screenshot } from './screens'

test('home collection tiles show whole pieces', async ({ page }) => {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    const tiles = page.getByRole('region', { name: 'Our Collections' })
    await tiles.scrollIntoViewIfNeeded()
    await expect(tiles.locator('img').first()).toBeVisible()
    await screenshot(tiles, `test-results/screens/home-collections-${width}.png`)
  }
})
