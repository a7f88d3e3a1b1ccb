import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { axeCheck } from './axe'
import { expect, test, toast } from './fixtures'
import { screenshot } from './screens'
import { addToCart, availablePieces, dollars, fillDetails, type ListedProduct } from './shopper'

// What the walk through the shop found on a shopper's way (issue 32): each step lands where the
// shopper can see it, and the confirmation says what was bought and what happens next.

mkdirSync('test-results/screens', { recursive: true })

const PHONE = { width: 375, height: 812 }

/** A toast leaves the header's menu, search and cart button in sight. */
async function expectClearOfHeader(page: Page, text: string) {
  const shown = toast(page, text)
  await expect(shown).toBeVisible()
  // The toast slides in from above and follows the header as the page settles (the test-mode banner
  // scrolls away): its resting place, against where the header ends then, is what is asserted.
  const header = page.locator('header').first()
  await expect
    .poll(
      async () => {
        const [toastBox, headerBox] = [await shown.boundingBox(), await header.boundingBox()]
        return toastBox && headerBox ? toastBox.y - (headerBox.y + headerBox.height) : -1
      },
      { message: `the "${text}" toast starts below the header` },
    )
    .toBeGreaterThanOrEqual(0)
}
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
  await screenshot(page, 'test-results/screens/payment-step-375.png')

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
  await expectClearOfHeader(page, 'Order Submitted Successfully')
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your payment is complete' })).toBeVisible()
  await expect(page.getByText('Items ship after payment is confirmed')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Pay with Zelle' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: piece.name })).toBeVisible()
  await expect(page.getByText('12 Jade Street')).toBeVisible()
  await expect(page.getByText('Houston, TX 77002')).toBeVisible()
  const total = piece.price + (piece.price >= 100_000 ? 0 : 695)
  await expect(page.getByText(dollars(total), { exact: true }).last()).toBeVisible()
  await screenshot(page, 'test-results/screens/confirmation-card-375.png', { fullPage: true })
  await page.setViewportSize(DESKTOP)
  await screenshot(page, 'test-results/screens/confirmation-card-1440.png', { fullPage: true })
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
  await expectClearOfHeader(page, 'Order Submitted Successfully')

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
  await screenshot(page, 'test-results/screens/confirmation-zelle-1440.png', { fullPage: true })

  await page.reload()
  await expectInstructions()
  await page.setViewportSize(PHONE)
  await screenshot(page, 'test-results/screens/confirmation-zelle-375.png', { fullPage: true })
})

test('the cart sheet opens on its title and gives focus back to the cart button', async ({ page }) => {
  await page.setViewportSize(PHONE)
  const pieces = await availablePieces(page)
  await addToCart(page, pieces[3]!)
  await expectClearOfHeader(page, 'Added to Cart')
  await screenshot(page, 'test-results/screens/added-to-cart-375.png')
  const cartButton = page.getByRole('button', { name: 'Open cart' })
  await cartButton.click()
  const sheet = page.getByRole('dialog', { name: 'Shopping Cart' })
  await expect(sheet.getByRole('heading', { name: 'Shopping Cart' })).toBeFocused()
  // The sheet shows what was added: the toast no longer lies over its Checkout button.
  await expect(page.getByRole('status').filter({ hasText: 'Added to Cart' })).toHaveCount(0)
  await screenshot(page, 'test-results/screens/cart-sheet-375.png')
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
  await screenshot(page, 'test-results/screens/cart-sheet-1440.png')
})

test('a refused photo’s row offers no Retry, and a review sent afterwards clears it', async ({
  page,
  watch,
}) => {
  watch.expectFailures({ url: /^\/api\/testimonials\/upload$/, status: 415 })
  await page.setViewportSize(PHONE)
  await page.goto('/testimonials')
  await page.getByRole('button', { name: 'Write a review' }).click()
  await page.getByLabel('Your Name').fill('Rosa Walker')
  await page
    .getByLabel('Add a photo')
    .setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') })
  const uploads = page.getByRole('list', { name: 'Uploads' })
  await expect(uploads.getByText('fake.jpg', { exact: true })).toBeVisible()
  await expect(uploads.getByText('fake.jpg is not an image file.')).toBeVisible()
  await expect(uploads.getByText('Failed', { exact: true })).toBeVisible()
  // The same file cannot succeed a second time: only dismissing it is offered.
  await expect(uploads.getByRole('button', { name: 'Retry' })).toHaveCount(0)
  await expect(uploads.getByRole('button', { name: 'Dismiss fake.jpg' })).toBeVisible()
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '5 stars' }) })
    .click()
  await page.getByLabel('Your Review').fill('The lavender bangle is even softer in person.')
  await page.getByRole('button', { name: 'Submit Review' }).click()
  await expect(
    page.getByText('Your review has been submitted and is pending approval.').first(),
  ).toBeVisible()
  await expect(uploads).toHaveCount(0)
})

/** A card order through the API, as the storefront places it with the built-in test provider. */
async function buyByCard(page: Page, piece: ListedProduct) {
  const form = {
    firstName: 'Ava',
    lastName: 'Chen',
    email: 'ava.api@example.com',
    phone: '713-555-0101',
    address: '12 Jade Street',
    city: 'Houston',
    state: 'TX',
    zipCode: '77002',
    country: 'United States',
    paymentMethod: 'stripe',
  }
  const items = [{ productId: piece.id, quantity: 1, price: piece.price }]
  const shippingCost = piece.price >= 100_000 ? 0 : 695
  const total = piece.price + shippingCost
  const intent = (await (
    await page.request.post('/api/create-payment-intent', { data: { amount: total, form, items } })
  ).json()) as { paymentIntentId: string }
  const paid = await page.request.post(`/api/test-payments/${intent.paymentIntentId}/confirm`, {
    data: { cardNumber: '4242424242424242' },
  })
  expect(paid.ok()).toBe(true)
  const placed = await page.request.post('/api/checkout', {
    data: {
      ...form,
      items,
      subtotal: piece.price,
      shippingCost,
      total,
      paymentIntentId: intent.paymentIntentId,
    },
  })
  expect(placed.ok(), await placed.text()).toBe(true)
}

/** Whether the page scrolls sideways at its width (it may not, down to 320 px). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

test('/products on a phone: the count ends the row of Show sold pieces at the right edge; sort labels and the search placeholder show whole', async ({
  page,
}) => {
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 812 })
    await page.goto('/products')
    const filters = page.getByRole('region', { name: 'Filters' })
    const count = filters.getByText(/^\d+ pieces$/)
    const sold = filters.getByText('Show sold pieces')
    const [countBox, soldBox, filtersBox] = await Promise.all([
      count.boundingBox(),
      sold.boundingBox(),
      filters.boundingBox(),
    ])
    // On the row of "Show sold pieces", its text against the right edge: not floating mid-row.
    expect(Math.abs(countBox!.y + countBox!.height / 2 - (soldBox!.y + soldBox!.height / 2))).toBeLessThan(12)
    const countRight = await count.evaluate((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      return range.getBoundingClientRect().right
    })
    expect(filtersBox!.x + filtersBox!.width - countRight).toBeLessThan(2)
    // Every sort label fits its list.
    const sortFits = await filters
      .getByRole('combobox', { name: 'Sort' })
      .evaluate((select: HTMLSelectElement) => {
        const context = document.createElement('canvas').getContext('2d')!
        const style = getComputedStyle(select)
        context.font = `${style.fontSize} ${style.fontFamily}`
        const room =
          select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
        return [...select.options].every((option) => context.measureText(option.text).width <= room)
      })
    expect(sortFits, `every sort label fits at ${width} px`).toBe(true)
    expect(await sideways(page)).toBe(false)
    await screenshot(page, `test-results/screens/products-${width}.png`)

    await page.getByRole('button', { name: 'Search the collection' }).click()
    const field = page.getByRole('searchbox', { name: 'Search the collection' })
    await expect(field).toBeVisible()
    const placeholderFits = await field.evaluate((input: HTMLInputElement) => {
      const context = document.createElement('canvas').getContext('2d')!
      const style = getComputedStyle(input)
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const room =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
      return context.measureText(input.placeholder).width <= room
    })
    expect(placeholderFits, `the search placeholder fits at ${width} px`).toBe(true)
    await screenshot(page, `test-results/screens/search-${width}.png`)
  }
  await page.setViewportSize(DESKTOP)
  await page.goto('/products')
  await screenshot(page, 'test-results/screens/products-1440.png')
})

test('home, Our Collections: each tile is its picture, edge to edge', async ({ page }) => {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await page.goto('/')
    const collections = page.locator('section[aria-labelledby="collections-heading"]')
    await collections.scrollIntoViewIfNeeded()
    const tiles = collections.locator('li img')
    await expect(tiles.first()).toBeVisible()
    // The picture fills its tile: no mat around a framed rectangle.
    for (const fit of await tiles.evaluateAll((images) =>
      images.map((image) => {
        const box = image.getBoundingClientRect()
        const tile = image.parentElement!.getBoundingClientRect()
        return {
          filled: Math.abs(box.width - tile.width) < 1 && Math.abs(box.height - tile.height) < 1,
          cover: getComputedStyle(image).objectFit === 'cover',
        }
      }),
    ))
      expect(fit).toEqual({ filled: true, cover: true })
    expect(await sideways(page)).toBe(false)
    await screenshot(collections, `test-results/screens/collections-${viewport.width}.png`)
  }
})

test('axe finds nothing on the signed-in wishlist and on a newsletter link with a bad token', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  const registered = await page.request.post('/api/register', {
    data: {
      username: `wish${Date.now().toString(36)}`,
      password: 'correct horse battery',
      email: `wish${Date.now()}@example.com`,
    },
  })
  expect(registered.status()).toBe(201)
  const [piece] = await availablePieces(page)
  // Sold pieces too: each card then offers to write when a similar piece arrives.
  const soldPieces = async () => {
    const listed = (await (await page.request.get('/api/products?includeSold=true&sort=price-asc')).json()) as
      | { id: number; status: string }[]
      | { items: { id: number; status: string }[] }
    return (Array.isArray(listed) ? listed : listed.items).filter((product) => product.status === 'sold')
  }
  // The demo sells one piece; a card order here sells another when this journey runs alone.
  if ((await soldPieces()).length < 2) await buyByCard(page, (await availablePieces(page)).at(-1)!)
  const sold = await soldPieces()
  expect(sold.length).toBeGreaterThanOrEqual(2)
  for (const productId of [piece!.id, sold[0]!.id, sold[1]!.id])
    expect((await page.request.post('/api/wishlist', { data: { productId } })).ok()).toBe(true)
  for (const path of [
    '/account/wishlist',
    '/newsletter/confirm?token=not-a-real-token',
    '/newsletter/confirm',
  ]) {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const results = await axeCheck(page).analyze()
      expect(
        results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`,
        ),
        `${path} at ${viewport.width} px`,
      ).toEqual([])
    }
  }
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await page.goto('/account/wishlist')
    await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible()
    await expect(
      page.getByRole('heading', { name: 'Tell me when a similar piece arrives' }).first(),
    ).toBeVisible()
    await screenshot(page, `test-results/screens/wishlist-${viewport.width}.png`, { fullPage: true })
  }
})

test('a seeded piece names its laboratory’s report, and the certificate panel shows the report number', async ({
  page,
}) => {
  // Sold or not: another journey may have bought it.
  const listed = (await (
    await page.request.get('/api/products?includeSold=true&sort=price-asc')
  ).json()) as (ListedProduct & { certification: string | null })[]
  // A seeded piece whose words the owner has not changed (another journey writes a certificate).
  const bangle = listed.find((product) => product.certification?.startsWith('GIA Identification Report No.'))!
  const reportNumber = /No\. (\d+)/.exec(bangle.certification!)![1]
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await page.goto(`/product/${bangle.id}`)
    const panel = page.getByRole('region', { name: 'Certificate of Authenticity' })
    await expect(panel).toContainText('GIA Identification Report: natural jadeite, Type A')
    await expect(panel).toContainText(`Report number ${reportNumber}`)
    await expect(page.getByText(/GIA-style/)).toHaveCount(0)
    expect(await sideways(page)).toBe(false)
    await panel.scrollIntoViewIfNeeded()
    await screenshot(page, `test-results/screens/certificate-${viewport.width}.png`)
  }
})

test('a signed-in shopper saves the checkout address to their account, and the next checkout starts from it', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  const name = `keep${Date.now().toString(36)}`
  const registered = await page.request.post('/api/register', {
    data: { username: name, password: 'correct horse battery', email: `${name}@example.com` },
  })
  expect(registered.status()).toBe(201)
  const pieces = await availablePieces(page)
  await addToCart(page, pieces[1]!)
  await page.goto('/checkout')
  const save = page.getByLabel('Save this address to my account')
  // The profile has no address yet: saving this one is the default.
  await expect(save).toBeChecked()
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(`${name}@example.com`)
  await fillDetails(page, `${name}@example.com`)
  await save.scrollIntoViewIfNeeded()
  await screenshot(page, 'test-results/screens/checkout-save-address-375.png')
  await page.getByLabel('Zelle').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()

  await addToCart(page, pieces[2]!)
  await page.setViewportSize(DESKTOP)
  await page.goto('/checkout')
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('12 Jade Street')
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Houston')
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('TX')
  await expect(page.getByLabel('ZIP code')).toHaveValue('77002')
  await expect(page.getByLabel('First name')).toHaveValue('Ava')
  await expect(save).not.toBeChecked()
  await screenshot(page, 'test-results/screens/checkout-prefilled-1440.png', { fullPage: true })
})
