import { mkdirSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { demoImage, expect, signInAsOwner, test, toast } from './fixtures'
import { screenshot } from './screens'
import { type Listed, shopperOrder } from './shopper'

mkdirSync('test-results/screens', { recursive: true })

test.describe('the back office: orders and the sales ledger', () => {
  test('a Zelle order is paid, packed, shipped with tracking and delivered; the shopper follows it', async ({
    page,
    browser,
    watch,
  }) => {
    // An order from placed to delivered, two people and two full-page screenshots: past the default
    // 30 s on a loaded 2-core runner.
    test.setTimeout(60_000)
    const shopper = watch.also(await browser.newPage())
    const { orderId, piece } = await shopperOrder(shopper)
    await shopper.goto(`/order/${orderId}`)
    await expect(shopper.getByRole('heading', { name: new RegExp(`${orderId}`) })).toBeVisible()
    await expect(shopper.locator('[aria-current="step"]')).toContainText('Order Received')
    await expect(shopper.getByText('We are holding your pieces until')).toBeVisible()

    await page.setViewportSize({ width: 1440, height: 900 })
    await signInAsOwner(page)
    await page.goto('/admin/orders?tab=pending-payment')
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(`#${orderId}`)
    const card = page.getByRole('article', { name: `Order #${orderId}` })
    await expect(card).toBeVisible()
    await expect(card).toContainText(piece.name)
    await expect(card).toContainText('Unpaid')

    // More time to pay: the hold moves a week on, and the history says who gave it.
    await expect(card).toContainText('Held until')
    await card.getByRole('button', { name: `Extend the reservation of order #${orderId}` }).click()
    const extension = page.getByRole('dialog', { name: 'Extend Reservation' })
    await extension.getByLabel('Hold for').selectOption({ label: '1 more week' })
    await extension.getByRole('button', { name: 'Extend Reservation' }).click()
    await expect(toast(page, 'Reservation extended.')).toBeVisible()
    await expect(extension).toBeHidden()
    await card.getByText(/^History/).click()
    await expect(card.getByText(/^Reservation extended to/)).toBeVisible()

    // Money first: the whole balance by Zelle, which confirms the order.
    await card.getByRole('button', { name: 'Record Payment' }).click()
    const payment = page.getByRole('dialog', { name: 'Record Payment' })
    await payment.getByLabel('Note (optional)').fill('Zelle received')
    await payment.getByRole('button', { name: 'Record Payment' }).click()
    await expect(toast(page, 'Payment status updated successfully.')).toBeVisible()
    await page.goto(`/admin/orders?tab=ready-to-ship&search=%23${orderId}`)
    await expect(card).toContainText('Paid in Full')
    await expect(card).toContainText('Payment Confirmed')

    await card.getByRole('button', { name: 'Mark Packed' }).click()
    await expect(toast(page, 'Order status updated successfully.')).toBeVisible()
    await expect(card).toContainText('Preparing to Ship')

    await card.getByRole('button', { name: 'Mark Shipped' }).click()
    const shipping = page.getByRole('dialog', { name: 'Mark Shipped' })
    await shipping.getByRole('button', { name: 'Mark Shipped' }).click()
    await expect(shipping.getByText('Please enter a tracking number')).toBeVisible()
    await shipping.getByLabel('Tracking number').fill('9400111899223100012345')
    await shipping.getByRole('button', { name: 'Mark Shipped' }).click()
    await expect(toast(page, 'Order status updated successfully.')).toBeVisible()
    await page.goto(`/admin/orders?tab=completed&search=%23${orderId}`)
    await expect(card).toContainText('Shipped')
    await expect(card.getByRole('link', { name: /USPS 9400111899223100012345/ })).toBeVisible()

    await shopper.reload()
    await expect(shopper.locator('[aria-current="step"]')).toContainText('Shipped')
    await expect(shopper.getByText('9400111899223100012345')).toBeVisible()
    await expect(shopper.getByRole('link', { name: 'Track with USPS' })).toBeVisible()

    await card.getByRole('button', { name: 'Mark Delivered' }).click()
    await expect(toast(page, 'Order status updated successfully.')).toBeVisible()
    await expect(card).toContainText('Delivered')
    await card.getByText(/History/).click()
    await expect(card.getByRole('list').last()).toContainText('Shipped → Delivered')
    await screenshot(page, 'test-results/screens/admin-orders-1440.png', { fullPage: true })
    await page.setViewportSize({ width: 375, height: 800 })
    await screenshot(page, 'test-results/screens/admin-orders-375.png', { fullPage: true })

    await shopper.reload()
    await expect(shopper.locator('[aria-current="step"]')).toContainText('Delivered')

    // Paid in full, the order's sale is in the ledger.
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/admin/sales')
    await expect(page.getByRole('row').filter({ hasText: `Order #${orderId}` })).toBeVisible()
    await shopper.close()
  })

  test('a plan of a deposit and two instalments is paid step by step; the piece sells at the last', async ({
    page,
    browser,
  }) => {
    const shopper = await browser.newPage()
    const { orderId, piece } = await shopperOrder(shopper)
    await shopper.close()
    const total = piece.price + 695
    await signInAsOwner(page)
    await page.goto(`/admin/orders?search=%23${orderId}`)
    const card = page.getByRole('article', { name: `Order #${orderId}` })
    await card.getByRole('button', { name: 'Payment Plan' }).click()
    const dialog = page.getByRole('dialog', { name: 'Payment Plan' })
    const deposit = Math.round(total / 4)
    await dialog.getByLabel('Deposit ($)').fill((deposit / 100).toFixed(2))
    await dialog.getByLabel('Instalments').selectOption('2')
    await expect(dialog.getByRole('table', { name: 'Instalments' }).getByRole('row')).toHaveCount(4)
    await dialog.getByRole('button', { name: 'Save Plan' }).click()
    await expect(toast(page, 'Payment plan saved.')).toBeVisible()

    await page.goto(`/admin/orders?tab=payment-plans&search=%23${orderId}`)
    const steps = card.getByRole('list', { name: 'Instalments' }).getByRole('listitem')
    await expect(steps).toHaveCount(2)
    const first = Math.floor((total - deposit) / 2)
    const pay = async (cents: number) => {
      await card.getByRole('button', { name: 'Record Payment' }).click()
      const payment = page.getByRole('dialog', { name: 'Record Payment' })
      await payment.getByText('Partial Payment').click()
      await payment.getByLabel('Amount').fill((cents / 100).toFixed(2))
      await payment.getByRole('button', { name: 'Record Payment' }).click()
      await expect(payment).toHaveCount(0)
    }
    await pay(deposit)
    await expect(card).toContainText('Partial Payment')
    await pay(first)
    await expect(steps.first()).toContainText('paid')
    await expect(steps.last()).not.toContainText('paid')
    let product = (await (await page.request.get(`/api/products/${piece.id}`)).json()) as Listed
    expect(product.status).toBe('reserved')

    await pay(total - deposit - first)
    // Paid in full, it leaves Payment Plans for Ready to Ship.
    await expect(card).toHaveCount(0)
    await page.goto(`/admin/orders?tab=ready-to-ship&search=%23${orderId}`)
    await expect(card).toContainText('Paid in Full')
    await expect(steps).toHaveCount(2)
    product = (await (await page.request.get(`/api/products/${piece.id}`)).json()) as Listed
    expect(product.status).toBe('sold')
  })

  test('a cancelled order gives its piece back to the shop', async ({ page, browser }) => {
    const shopper = await browser.newPage()
    const { orderId, piece } = await shopperOrder(shopper)
    await shopper.close()
    await signInAsOwner(page)
    await page.goto(`/admin/orders?search=%23${orderId}`)
    const card = page.getByRole('article', { name: `Order #${orderId}` })
    await card.getByRole('button', { name: 'Cancel Order' }).click()
    const confirm = page.getByRole('alertdialog', { name: `Cancel order #${orderId}?` })
    await expect(confirm).toContainText('Its pieces return to the shop')
    await confirm.getByRole('button', { name: 'Cancel Order' }).click()
    await expect(toast(page, 'Order status updated successfully.')).toBeVisible()
    await expect(card).toContainText('Cancelled')
    await expect(card.getByRole('button', { name: 'Record Payment' })).toHaveCount(0)
    const product = (await (await page.request.get(`/api/products/${piece.id}`)).json()) as Listed
    expect(product.status).toBe('available')
  })

  test("the owner releases all of one buyer's reservations at once, on a phone", async ({
    page,
    browser,
  }) => {
    await signInAsOwner(page)
    const listed = await page.request.post('/api/products', {
      data: {
        name: `Celadon bead ${Date.now().toString(36)}`,
        description: 'Natural Type A jadeite beads, hand polished, sold singly for restringing.',
        shortDescription: 'Type A jadeite bead',
        price: 3_000,
        imageUrls: await demoImage(page),
        category: 'rings',
        type: 'ring',
        color: 'green',
        stockQuantity: 3,
      },
    })
    expect(listed.status()).toBe(201)
    const piece = (await listed.json()) as Listed
    const buyer = `hoarder.${Date.now().toString(36)}@example.com`
    const shopper = await browser.newPage()
    for (const quantity of [1, 2]) {
      const subtotal = piece.price * quantity
      const placed = await shopper.request.post('/api/checkout', {
        data: {
          firstName: 'Ines',
          lastName: 'Moreau',
          email: buyer,
          phone: '713-555-0199',
          address: '8 Celadon Court',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
          country: 'United States',
          paymentMethod: 'zelle',
          items: [{ productId: piece.id, quantity, price: piece.price }],
          subtotal,
          shippingCost: 695,
          total: subtotal + 695,
        },
      })
      expect(placed.status()).toBe(200)
    }
    await shopper.close()

    await page.setViewportSize({ width: 320, height: 740 })
    await page.goto(`/admin/orders?search=${encodeURIComponent(buyer)}`)
    const card = page.getByRole('article').first()
    const release = card.getByRole('button', { name: "Release all of this buyer's reservations" })
    // The card and its new button fit the phone (the tab strip above scrolls on its own).
    const [cardBox, buttonBox] = [await card.boundingBox(), await release.boundingBox()]
    expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(320)
    expect(buttonBox!.x).toBeGreaterThanOrEqual(cardBox!.x)
    expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width)
    await screenshot(card, 'test-results/screens/admin-order-card-release-320.png')
    await release.click()
    const confirm = page.getByRole('alertdialog', { name: "Release all of this buyer's reservations?" })
    await expect(confirm).toContainText(`This cancels 2 orders awaiting payment from ${buyer}`)
    await expect(confirm).toContainText('their 3 pieces back on sale')
    const dialogBox = await confirm.boundingBox()
    expect(dialogBox!.x).toBeGreaterThanOrEqual(0)
    expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(320)
    await screenshot(page, 'test-results/screens/admin-release-buyer-320.png')
    await confirm.getByRole('button', { name: 'Release 2 orders' }).click()
    await expect(toast(page, '2 orders cancelled; 3 pieces are back on sale.')).toBeVisible()
    await expect(page.getByRole('article').filter({ hasText: 'Cancelled' })).toHaveCount(2)
    const product = (await (await page.request.get(`/api/products/${piece.id}`)).json()) as Listed
    expect(product).toMatchObject({ status: 'available', stockQuantity: 3 })
  })

  test('a sale recorded by hand sells the piece, shows in the ledger and in the CSV', async ({ page }) => {
    // Two full-page screenshots of the ledger at two widths: on a loaded 2-core runner they alone
    // once took the default 30 s.
    test.setTimeout(60_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    await signInAsOwner(page)
    const pieces = (await (await page.request.get('/api/products?sort=price-desc')).json()) as Listed[]
    const piece = pieces.find((candidate) => candidate.status === 'available')!

    await page.goto('/admin/sales')
    await page.getByRole('button', { name: 'Record Sale' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Record Sale' })
    await dialog.getByRole('searchbox', { name: 'Search products' }).fill(piece.name)
    await dialog.getByRole('button', { name: new RegExp(piece.name) }).click()
    const form = page.getByRole('dialog', { name: 'Mark as Sold' })
    await form.getByLabel('Final Sale Price ($)').fill('')
    await form.getByLabel('Cost Basis ($)').fill('')
    await expect(form.getByText('Enter cost to calculate')).toBeVisible()
    await form.getByRole('button', { name: 'Complete Sale' }).click()
    await expect(form.getByText('Sale price must be greater than $0')).toBeVisible()
    await form.getByLabel('Final Sale Price ($)').fill('1500')
    await form.getByLabel('Cost Basis ($)').fill('900.50')
    await expect(form.getByText('$599.50')).toBeVisible()
    await form.getByLabel('Payment Method').selectOption('cash')
    await form.getByLabel('Customer Name').fill('Marguerite, "fair" buyer')
    await form.getByRole('button', { name: 'Complete Sale' }).click()
    await expect(
      toast(page, 'Transaction has been successfully recorded and inventory updated.'),
    ).toBeVisible()

    const row = page.getByRole('row').filter({ hasText: piece.name })
    await expect(row).toContainText('$1,500.00')
    await expect(row).toContainText('$599.50')
    await row.getByRole('button', { name: `Details of ${piece.name}` }).click()
    const details = page.getByRole('dialog', { name: 'Sale details' })
    await expect(details).toContainText('$900.50')
    await expect(details).toContainText('Recorded by hand')
    await page.keyboard.press('Escape')
    await screenshot(page, 'test-results/screens/admin-sales-1440.png', { fullPage: true })
    await page.setViewportSize({ width: 375, height: 800 })
    await screenshot(page, 'test-results/screens/admin-sales-375.png', { fullPage: true })

    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export' }).click()
    const file = await (await download).path()
    const { readFileSync } = await import('node:fs')
    const rows = parse(readFileSync(file, 'utf8'), { bom: true, columns: true }) as Record<string, string>[]
    expect(rows).toContainEqual(
      expect.objectContaining({
        Product: piece.name,
        Customer: 'Marguerite, "fair" buyer',
        'Payment Method': 'cash',
        'Sale Price': '1500.00',
        Profit: '599.50',
      }),
    )

    const sold = (await (await page.request.get(`/api/products/${piece.id}`)).json()) as Listed
    expect(sold.status).toBe('sold')
  })

  test('the owner searches the ledger and picks a piece from a sorted list', async ({ page }) => {
    await signInAsOwner(page)
    const pieces = (await (await page.request.get('/api/products?sort=price-asc')).json()) as Listed[]
    const [piece] = pieces.filter((candidate) => candidate.status === 'available' && candidate.sku).slice(-1)
    const recorded = await page.request.post('/api/sales', {
      data: {
        productId: piece!.id,
        salePrice: piece!.price,
        paymentMethod: 'cash',
        customerName: 'Imogen Polish',
      },
    })
    expect(recorded.status()).toBe(201)

    await page.goto('/admin/sales')
    const search = page.getByRole('searchbox', { name: 'Search sales' })
    await search.fill('imogen polish')
    await expect(page.getByText('Imogen Polish').first()).toBeVisible()
    await search.fill(piece!.sku!)
    await expect(page.getByText('Imogen Polish').first()).toBeVisible()
    await search.fill('no such sale anywhere')
    await expect(page.getByText('No matching sales')).toBeVisible()
    await screenshot(page, 'test-results/screens/sales-search-1440.png', { fullPage: true })
    await search.fill('')

    await page.getByRole('button', { name: 'Record Sale' }).first().click()
    const list = page.getByRole('list', { name: 'Available pieces' })
    await expect(list.getByRole('button').first()).toBeVisible()
    const names = await list.locator('li span.truncate').allTextContents()
    expect(names.length).toBeGreaterThan(1)
    // A to Z (by first letter: the database's collation orders the rest).
    const initials = names.map((name) => name.trim()[0]!.toLowerCase())
    expect(initials).toEqual([...initials].sort())
  })
})
