import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'

// A shopper who cannot use a mouse buys a piece from the listing to the confirmation with the
// keyboard alone (issue 32: the walk placed one order this way). Every control is reached by Tab
// and worked by Enter, Space, the arrows or typing; nothing is clicked.

/**
 * Presses Tab (or Shift+Tab) until the control has focus, as a keyboard user moves through a page;
 * fails if it is never reached, which is what a control the keyboard cannot reach looks like.
 */
async function tabTo(page: Page, control: Locator, { backwards = false } = {}) {
  for (let presses = 0; presses < 120; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    if (await control.evaluate((element) => element === document.activeElement).catch(() => false)) return
  }
  throw new Error(`the keyboard never reached ${control}`)
}

async function typeInto(page: Page, control: Locator, text: string) {
  await tabTo(page, control)
  await page.keyboard.type(text)
}

test('a shopper buys a piece with the keyboard only', async ({ page }) => {
  test.setTimeout(90_000)
  const listed = (await (await page.request.get('/api/products?sort=price-asc')).json()) as {
    id: number
    name: string
    status: string
    stockQuantity: number
  }[]
  const piece = listed.find((candidate) => candidate.status === 'available' && candidate.stockQuantity > 0)!

  await page.goto('/products?sort=price-asc')
  await tabTo(page, page.getByRole('link', { name: piece.name }).first())
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/product/${piece.id}$`))

  await tabTo(page, page.getByRole('button', { name: 'Add to Cart' }))
  await page.keyboard.press('Enter')
  const cartButton = page.getByRole('button', { name: 'Open cart' })
  await expect(cartButton).toContainText('1')

  // The cart button sits in the header, above the piece: back up to it.
  await tabTo(page, cartButton, { backwards: true })
  await page.keyboard.press('Enter')
  const sheet = page.getByRole('dialog', { name: 'Shopping Cart' })
  await expect(sheet.getByText(piece.name)).toBeVisible()
  await tabTo(page, sheet.getByRole('button', { name: 'Checkout' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/checkout$/)

  await typeInto(page, page.getByLabel('First name'), 'Keyes')
  await typeInto(page, page.getByLabel('Last name'), 'Board')
  await typeInto(page, page.getByLabel('Email', { exact: true }), `keyboard.${Date.now()}@example.com`)
  await typeInto(page, page.getByLabel('Phone', { exact: true }), '713-555-0123')
  await typeInto(page, page.getByLabel('Address', { exact: true }), '12 Jade Street')
  await typeInto(page, page.getByLabel('City', { exact: true }), 'Houston')
  // A closed select picks the option whose name is typed.
  await typeInto(page, page.getByLabel('State', { exact: true }), 'Texas')
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('TX')
  await typeInto(page, page.getByLabel('ZIP code'), '77002')

  // Tab enters the payment methods at the chosen one; an arrow moves the choice.
  await tabTo(page, page.getByRole('radio', { name: /Credit or debit card/ }))
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Zelle' })).toBeChecked()
  await tabTo(page, page.getByRole('button', { name: 'Place Order' }))
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+/)
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
})
