import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { E2E_ADMIN, E2E_UNPAID_PIECES as UNPAID_PIECES_LIMIT } from '../playwright.config'
import { demoImage, expect, test, toast } from './fixtures'
import { mailDir } from './mail'
import { screenshot } from './screens'
import { addToCart, availablePieces, fillDetails, type ListedProduct } from './shopper'

/** The .eml files the shop wrote (no SMTP in the e2e run) whose text mentions the order. */
function mailsAbout(orderNumber: string): string[] {
  const dir = mailDir()
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .filter((text) => text.includes(`#${orderNumber}`))
}

test.describe('buying', () => {
  test('cart: add two pieces, change quantity, remove one, reach free shipping, check out by Zelle', async ({
    page,
  }) => {
    const pieces = await availablePieces(page)
    // The e2e shop ships free from $1,000 (FREE_SHIPPING_THRESHOLD_CENTS in playwright.config.ts).
    const cheap = pieces.find((p) => p.price < 50_000)!
    const dear = pieces.find((p) => p.price >= 100_000 && p.id !== cheap.id)!

    await page.goto('/checkout')
    await expect(page).toHaveURL(/\/$/) // an empty cart has nothing to check out

    await addToCart(page, cheap)
    await page.getByRole('button', { name: 'Open cart' }).click()
    const sheet = page.getByRole('dialog', { name: 'Shopping Cart' })
    await expect(sheet.getByText(cheap.name)).toBeVisible()
    await expect(sheet.getByText(/You're only \$[\d,.]+ away from FREE shipping!/)).toBeVisible()
    await expect(sheet.getByText('$6.95')).toBeVisible()
    await page.keyboard.press('Escape')

    await addToCart(page, dear)
    await page.getByRole('button', { name: 'Open cart' }).click()
    await expect(sheet.getByText('Congratulations! You qualify for FREE shipping!')).toBeVisible()
    await expect(sheet.getByText('FREE', { exact: true })).toBeVisible()
    await screenshot(page, 'test-results/screens/cart-1280.png')
    await sheet.getByRole('button', { name: `Remove ${cheap.name}` }).click()
    await expect(page.getByText('Item has been removed from your cart.', { exact: true })).toBeVisible()
    await expect(sheet.getByText(cheap.name)).toHaveCount(0)

    await sheet.getByRole('button', { name: 'Checkout' }).click()
    await expect(page).toHaveURL(/\/checkout$/)
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await expect(page.getByText('First name is required')).toBeVisible()
    await fillDetails(page, 'ava.zelle@example.com')
    await page.getByLabel('Zelle').check()
    await page.getByRole('button', { name: 'Place Order' }).click()

    await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+/)
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
    const orderNumber = new URL(page.url()).searchParams.get('orderId')!
    await expect(page.getByText(`#${orderNumber}`).first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Copy number' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Open cart' })).not.toContainText(/\d/)
    await screenshot(page, 'test-results/screens/confirmation-1280.png', { fullPage: true })

    // The outbox worker writes the shop's mails as .eml files in this run.
    await expect.poll(() => mailsAbout(orderNumber).length, { timeout: 10_000 }).toBe(2)
    expect(mailsAbout(orderNumber).some((mail) => mail.includes('ava.zelle@example.com'))).toBe(true)

    // The piece is reserved now: its page no longer offers it.
    await page.goto(`/product/${dear.id}`)
    await expect(page.getByText('Reserved', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0)
  })

  test('card: a declined card closes the payment view, a good card pays', async ({ page, watch }) => {
    watch.expectFailures({ url: /^\/api\/test-payments\/[^/]+\/confirm$/, status: 402 })
    const [piece] = (await availablePieces(page)).slice(-1)
    await addToCart(page, piece!)
    await page.goto('/checkout')
    await fillDetails(page, 'ava.card@example.com')
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await expect(page.getByRole('heading', { name: 'Complete Payment' })).toBeVisible()
    await expect(page.getByText('Test mode: no real card is charged')).toBeVisible()
    await page.getByLabel('Card number').fill('4000 0000 0000 0002')
    await page.getByRole('button', { name: /^Pay \$/ }).click()
    await expect(page.getByText('Your card was declined.', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Complete Payment' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: /^Pay \$/ }).click()
    await expect(page).toHaveURL(/\/order-confirmation\?orderId=\d+&payment=card/)
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Pay with Zelle' })).toHaveCount(0)

    await page.goto(`/product/${piece!.id}`)
    await expect(page.getByText('Sold', { exact: true })).toBeVisible()
  })

  test('a shopper who would hold too many pieces unpaid is asked to pay by card or contact the shop', async ({
    page,
    playwright,
    baseURL,
    watch,
  }) => {
    watch.expectFailures({ url: /^\/api\/checkout$/, status: 429 })
    // A piece the owner keeps in quantity, listed through the back office's API in a session of
    // its own (the shopper's page stays a guest's).
    const owner = await playwright.request.newContext({ baseURL })
    expect(
      (
        await owner.post('/api/login', {
          data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
        })
      ).ok(),
    ).toBe(true)
    const listed = await owner.post('/api/products', {
      data: {
        name: `Jade cabochon ${Date.now().toString(36)}`,
        description: 'Natural Type A jadeite cabochons, matched for setting, sold singly.',
        shortDescription: 'Type A jadeite cabochon',
        price: 4_500,
        imageUrls: await demoImage(page),
        category: 'rings',
        type: 'ring',
        color: 'green',
        stockQuantity: UNPAID_PIECES_LIMIT + 10,
      },
    })
    expect(listed.status(), await listed.text()).toBe(201)
    const piece = (await listed.json()) as ListedProduct
    await owner.dispose()

    // More than one shopper may hold in orders awaiting payment (MAX_UNPAID_PIECES in playwright.config.ts).
    await page.goto('/')
    const added = await page.request.post('/api/cart', {
      data: { productId: piece.id, quantity: UNPAID_PIECES_LIMIT + 1 },
    })
    expect(added.ok()).toBe(true)
    await page.goto('/checkout')
    await fillDetails(page, 'ava.hoard@example.com')
    await page.getByLabel('Zelle').check()
    await page.getByRole('button', { name: 'Place Order' }).click()
    const refusal = toast(page, 'Order Processing Failed')
    await expect(refusal).toContainText(
      `can hold at most ${UNPAID_PIECES_LIMIT} pieces for one shopper. Please pay by card, or contact us`,
    )
    await screenshot(page, 'test-results/screens/piece-limit-1280.png')
    await expect(page).toHaveURL(/\/checkout$/)

    // Nothing was reserved.
    const after = (await (await page.request.get(`/api/products/${piece.id}`)).json()) as {
      status: string
      stockQuantity: number
    }
    expect(after).toMatchObject({ status: 'available', stockQuantity: UNPAID_PIECES_LIMIT + 10 })
  })
})
