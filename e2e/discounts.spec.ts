import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, signInAsOwner, test, toast } from './fixtures'
import { screenshot } from './screens'

// Discount codes (issue 25): the owner makes one, a shopper uses one from the cart to the confirmation.

mkdirSync('test-results/screens', { recursive: true })

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)

interface Listed {
  id: number
  name: string
  price: number
  status: string
  stockQuantity: number
}

async function fillDetails(page: Page, email: string) {
  await page.getByLabel('First name').fill('Lena')
  await page.getByLabel('Last name').fill('Park')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Phone', { exact: true }).fill('713-555-0133')
  await page.getByLabel('Address', { exact: true }).fill('4 Celadon Lane')
  await page.getByLabel('City', { exact: true }).fill('Houston')
  await page.getByLabel('State', { exact: true }).selectOption('TX')
  await page.getByLabel('ZIP code').fill('77002')
}

test.describe('discount codes', () => {
  test('the owner creates a code and sees it listed as active', async ({ page }) => {
    const code = `FAIR${Date.now() % 1_000_000}`
    await page.setViewportSize({ width: 1440, height: 900 })
    await signInAsOwner(page)
    await page.getByRole('link', { name: 'Discounts' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Discounts' })).toBeVisible()
    await page.getByRole('button', { name: 'New Code' }).click()
    const dialog = page.getByRole('dialog', { name: 'New discount code' })
    await dialog.getByLabel('Code', { exact: true }).fill(code)
    await dialog.getByLabel('Kind').selectOption('fixed')
    await dialog.getByLabel('Amount off ($)').fill('25')
    await dialog.getByLabel('Minimum subtotal ($)').fill('200')
    await dialog.getByLabel('Maximum uses').fill('3')
    await dialog.getByLabel('Note').fill('Houston gem fair')
    await dialog.getByLabel('Welcome code').click()
    await expect(dialog.getByText('On a $200.00 order: $25.00 off')).toBeVisible()
    await screenshot(page, 'test-results/screens/discount-dialog-1440.png')
    await dialog.getByRole('button', { name: 'Create code' }).click()
    await expect(toast(page, 'Discount code created')).toBeVisible()
    await expect(dialog).toHaveCount(0)
    await page.getByRole('searchbox', { name: 'Search codes' }).fill(code)
    const row = page.getByRole('row').filter({ hasText: code })
    await expect(row).toContainText('Active')
    await expect(row).toContainText('$25.00 off')
    await expect(row).toContainText('0 / 3')
    await expect(row).toContainText('Welcome')
    await screenshot(page, 'test-results/screens/discounts-1440.png')
    await page.setViewportSize({ width: 375, height: 800 })
    await expect(page.getByText(code).locator('visible=true').first()).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(page, 'test-results/screens/discounts-375.png', { fullPage: true })

    // Edit it, then delete it after confirming.
    await page.getByRole('button', { name: `Edit ${code}` }).click()
    const edit = page.getByRole('dialog', { name: `Edit ${code}` })
    await edit.getByLabel('Active').click()
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Discount code updated')).toBeVisible()
    await page.getByRole('button', { name: `Delete ${code}` }).click()
    const confirm = page.getByRole('alertdialog', { name: `Delete ${code}?` })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(toast(page, 'Discount code deleted')).toBeVisible()
  })

  test('a shopper applies a code in the cart and sees it through to the confirmation', async ({
    page,
    browser,
    watch,
  }) => {
    const code = `JADE${Date.now() % 1_000_000}`
    const owner = watch.also(await browser.newPage())
    await signInAsOwner(owner)
    const created = await owner.request.post('/api/admin/discounts', {
      data: { code, kind: 'percent', value: 10 },
    })
    expect(created.status()).toBe(201)
    await owner.close()

    const pieces = (await (await page.request.get('/api/products?sort=price-asc')).json()) as Listed[]
    const piece = pieces.find(
      (p) => p.status === 'available' && p.stockQuantity === 1 && p.price >= 20_000 && p.price < 90_000,
    )!
    const discount = Math.round(piece.price / 10)
    // The e2e shop ships free from $1,000, judged after the discount.
    const total = piece.price - discount + 695

    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(`/product/${piece.id}`)
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByText('1 item added to your cart', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Open cart' }).click()
    const sheet = page.getByRole('dialog', { name: 'Shopping Cart' })
    await sheet.getByLabel('Discount code').fill(code.toLowerCase())
    await sheet.getByRole('button', { name: 'Apply' }).click()
    await expect(sheet.getByText(`Discount (${code})`)).toBeVisible()
    await expect(sheet.getByText(`−${usd(discount)}`)).toBeVisible()
    await expect(sheet.getByText(usd(total))).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(page, 'test-results/screens/cart-discount-375.png')
    await page.setViewportSize({ width: 1440, height: 900 })
    await screenshot(page, 'test-results/screens/cart-discount-1440.png')

    await sheet.getByRole('button', { name: 'Checkout' }).click()
    await expect(page).toHaveURL(/\/checkout$/)
    const summary = page.getByRole('region', { name: 'Order summary' })
    await expect(summary.getByText(`Discount (${code})`)).toBeVisible()
    await expect(summary.getByText(usd(total))).toBeVisible()
    await fillDetails(page, 'lena.discount@example.com')
    await page.getByLabel('Zelle').check()
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+/)
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
    await expect(page.getByText(usd(total)).first()).toBeVisible()
    await screenshot(page, 'test-results/screens/confirmation-discount-375.png', { fullPage: true })
    await page.setViewportSize({ width: 1440, height: 900 })
    await screenshot(page, 'test-results/screens/confirmation-discount-1440.png')
  })
})
