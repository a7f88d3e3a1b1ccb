import type { Page } from '@playwright/test'
import { expect, test, toast } from './fixtures'
import { screenshot } from './screens'

interface Listed {
  id: number
  name: string
  price: number
  status: string
  sku: string | null
  jadeType: string | null
  origin: string | null
  weight: string | null
}

async function available(page: Page): Promise<Listed[]> {
  const listed = (await (await page.request.get('/api/products?sort=price-asc')).json()) as Listed[]
  return listed.filter((piece) => piece.status === 'available')
}

test('a piece’s Details, Added to Cart at the bottom, and the Zelle amount on the confirmation', async ({
  page,
}) => {
  const piece = (await available(page)).find((candidate) => candidate.jadeType && candidate.weight)!
  await page.goto(`/product/${piece.id}`)
  const details = page.getByRole('region', { name: 'Details' })
  await expect(details.getByText('Jade type')).toBeVisible()
  await expect(details.getByText(piece.jadeType!, { exact: true })).toBeVisible()
  await expect(details.getByText(piece.weight!, { exact: true })).toBeVisible()
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(details, 'test-results/screens/product-details-375.png')
  await page.setViewportSize({ width: 1440, height: 900 })
  await screenshot(page, 'test-results/screens/product-page-1440.png', { fullPage: true })

  await page.getByRole('button', { name: 'Add to Cart' }).click()
  const added = toast(page, 'Added to Cart')
  await expect(added).toBeVisible()
  const box = (await added.boundingBox())!
  expect(box.y, 'the Added to Cart toast sits at the bottom').toBeGreaterThan(900 / 2)
  await screenshot(page, 'test-results/screens/added-to-cart-1440.png')

  await page.goto('/checkout')
  await page.getByLabel('First name').fill('Ava')
  await page.getByLabel('Last name').fill('Chen')
  await page.getByLabel('Email', { exact: true }).fill(`details${Date.now()}@example.com`)
  await page.getByLabel('Phone', { exact: true }).fill('713-555-0101')
  await page.getByLabel('Address', { exact: true }).fill('12 Jade Street')
  await page.getByLabel('City', { exact: true }).fill('Houston')
  await page.getByLabel('State', { exact: true }).selectOption('TX')
  await page.getByLabel('ZIP code').fill('77002')
  await page.getByLabel('Zelle').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
  // The e2e shop ships free from $1,000 (playwright.config.ts).
  const total = piece.price + (piece.price >= 100_000 ? 0 : 695)
  const dollars = `$${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
  await expect(page.getByText(`Send ${dollars} to our Zelle number`)).toBeVisible()
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, 'test-results/screens/confirmation-375.png', { fullPage: true })
})
