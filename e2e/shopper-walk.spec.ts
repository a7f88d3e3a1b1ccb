import { mkdirSync } from 'node:fs'
import { expect, test } from './fixtures'
import { addToCart, availablePieces, dollars, fillDetails } from './shopper'

// What the walk through the shop found on a shopper's way (issue 32): each step lands where the
// shopper can see it, and the confirmation says what was bought and what happens next.

mkdirSync('test-results/screens', { recursive: true })

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1440, height: 900 }

test('on a phone, Continue to Payment and Back bring their step into view and focus its heading; a card order confirms what was bought', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  const pieces = await availablePieces(page)
  const piece = pieces[pieces.length - 2]!
  await addToCart(page, piece)
  await page.goto('/checkout')
  await fillDetails(page, 'ava.phone@example.com')
  await page.getByRole('button', { name: 'Continue to Payment' }).click()

  const payment = page.getByRole('heading', { name: 'Complete Payment' })
  await expect(payment).toBeFocused()
  await expect(payment).toBeInViewport()
  await expect(page.getByLabel('Card number')).toBeInViewport()
  await page.screenshot({ path: 'test-results/screens/payment-step-375.png' })

  await page.getByRole('button', { name: 'Back to details' }).click()
  const checkout = page.getByRole('heading', { level: 1, name: 'Checkout' })
  await expect(checkout).toBeFocused()
  await expect(checkout).toBeInViewport()
  // What was typed is still there.
  await expect(page.getByLabel('First name')).toHaveValue('Ava')

  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await expect(payment).toBeFocused()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay \$/ }).click()

  await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+&payment=card&key=/)
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your payment is complete' })).toBeVisible()
  await expect(page.getByText('Items ship after payment is confirmed')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Pay with Zelle' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: piece.name })).toBeVisible()
  await expect(page.getByText('12 Jade Street')).toBeVisible()
  await expect(page.getByText('Houston, TX 77002')).toBeVisible()
  const total = piece.price + (piece.price >= 100_000 ? 0 : 695)
  await expect(page.getByText(dollars(total), { exact: true }).last()).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/confirmation-card-375.png', fullPage: true })
  await page.setViewportSize(DESKTOP)
  await page.screenshot({ path: 'test-results/screens/confirmation-card-1440.png', fullPage: true })
})

test('the Zelle confirmation keeps the amount, the number and the hold’s deadline on a reload', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP)
  const [piece] = await availablePieces(page)
  await addToCart(page, piece!)
  await page.goto('/checkout')
  await fillDetails(page, 'ava.reload@example.com')
  await page.getByLabel('Zelle').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+&payment=zelle&key=/)

  const total = piece!.price + (piece!.price >= 100_000 ? 0 : 695)
  const store = (await (await page.request.get('/api/store')).json()) as { phone: string }
  const expectInstructions = async () => {
    await expect(page.getByRole('heading', { name: 'Pay with Zelle' })).toBeVisible()
    await expect(page.getByText(`Send ${dollars(total)} to our Zelle number ${store.phone}`)).toBeVisible()
    // 72 hours, until a day and time in the shop's zone, named (CST, EST…).
    await expect(page.getByText(/We hold your pieces for 72 hours, until/)).toBeVisible()
    await expect(page.locator('time')).toHaveText(/^\w+day, \w+ \d{1,2} at \d{1,2}:\d{2} [AP]M [A-Z]{2,5}$/)
    await expect(page.getByRole('link', { name: piece!.name })).toBeVisible()
  }
  await expectInstructions()
  await page.screenshot({ path: 'test-results/screens/confirmation-zelle-1440.png', fullPage: true })

  await page.reload()
  await expectInstructions()
  await page.setViewportSize(PHONE)
  await page.screenshot({ path: 'test-results/screens/confirmation-zelle-375.png', fullPage: true })
})

test('the cart sheet opens on its title and gives focus back to the cart button', async ({ page }) => {
  await page.setViewportSize(PHONE)
  const pieces = await availablePieces(page)
  await addToCart(page, pieces[3]!)
  const cartButton = page.getByRole('button', { name: 'Open cart' })
  await cartButton.click()
  const sheet = page.getByRole('dialog', { name: 'Shopping Cart' })
  await expect(sheet.getByRole('heading', { name: 'Shopping Cart' })).toBeFocused()
  await page.screenshot({ path: 'test-results/screens/cart-sheet-375.png' })
  await page.keyboard.press('Escape')
  await expect(sheet).toHaveCount(0)
  await expect(cartButton).toBeFocused()

  await cartButton.press('Enter')
  await expect(sheet.getByRole('heading', { name: 'Shopping Cart' })).toBeFocused()
  // Enter on the focused title deletes nothing.
  await page.keyboard.press('Enter')
  await expect(sheet.getByText(pieces[3]!.name)).toBeVisible()
  await sheet.getByRole('button', { name: 'Close' }).click()
  await expect(cartButton).toBeFocused()
  await page.setViewportSize(DESKTOP)
  await cartButton.click()
  await page.screenshot({ path: 'test-results/screens/cart-sheet-1440.png' })
})
