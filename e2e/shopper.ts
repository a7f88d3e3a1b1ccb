import type { Page } from '@playwright/test'
import { expect } from './fixtures'

// What a shopper does on the way to an order, once for the journeys that buy.

export interface ListedProduct {
  id: number
  name: string
  price: number
  status: string
}

export async function availablePieces(page: Page): Promise<ListedProduct[]> {
  const response = await page.request.get('/api/products?sort=price-asc')
  return ((await response.json()) as ListedProduct[]).filter((product) => product.status === 'available')
}

export async function addToCart(page: Page, product: ListedProduct) {
  await page.goto(`/product/${product.id}`)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByText('1 item added to your cart', { exact: true })).toBeVisible()
}

export async function fillDetails(page: Page, email: string) {
  await page.getByLabel('First name').fill('Ava')
  await page.getByLabel('Last name').fill('Chen')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Phone', { exact: true }).fill('713-555-0101')
  await page.getByLabel('Address', { exact: true }).fill('12 Jade Street')
  await page.getByLabel('City', { exact: true }).fill('Houston')
  await page.getByLabel('State', { exact: true }).selectOption('TX')
  await page.getByLabel('ZIP code').fill('77002')
}

/** A price as the shop writes it: $1,234.00. */
export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
