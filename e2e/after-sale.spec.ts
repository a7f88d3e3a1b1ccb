import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import type { Locator } from '@playwright/test'
import sharp from 'sharp'
import { axeCheck } from './axe'
import { expect, signInAsOwner, test, toast } from './fixtures'
import { screenshot } from './screens'

// After the sale (issue 23): a return of one of two pieces, refunded and restocked from the order
// card; the piece is back in the shop, the ledger and the shopper's order page say so; the
// order's papers come out as PDFs.

mkdirSync('test-results/screens', { recursive: true })

/** The element fits a phone's width: nothing of it lies past the right edge. */
async function expectWithin(element: Locator, width: number) {
  const box = await element.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(width)
  const overflow = await element.evaluate((node) => node.scrollWidth - node.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

interface Listed {
  id: number
  name: string
  price: number
  status: string
  stockQuantity: number
}

test('the owner takes back one of two pieces of a delivered order and refunds it; the papers print', async ({
  page,
  browser,
  watch,
}) => {
  // Two people, six screenshots at two widths and two PDFs: past the default 30 s on a loaded runner.
  test.setTimeout(60_000)
  // The shopper orders two one-of-a-kind pieces by Zelle.
  const shopper = watch.also(await browser.newPage())
  const username = `returner${Date.now() % 1_000_000}`
  expect(
    (
      await shopper.request.post('/api/register', {
        data: { username, password: 'correct horse battery', email: `${username}@example.com` },
      })
    ).status(),
  ).toBe(201)
  const listed = (await (await shopper.request.get('/api/products?sort=price-asc')).json()) as Listed[]
  const [kept, returned] = listed
    .filter((piece) => piece.status === 'available' && piece.stockQuantity === 1 && piece.price < 100_000)
    .slice(-2)
  const subtotal = kept!.price + returned!.price
  const shipping = subtotal >= 100_000 ? 0 : 695
  const placed = await shopper.request.post('/api/checkout', {
    data: {
      firstName: 'Odile',
      lastName: 'Park',
      email: `${username}@example.com`,
      phone: '713-555-0142',
      address: '3 Nephrite Row',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75201',
      country: 'United States',
      paymentMethod: 'zelle',
      items: [kept!, returned!].map((piece) => ({ productId: piece.id, quantity: 1, price: piece.price })),
      subtotal,
      shippingCost: shipping,
      total: subtotal + shipping,
    },
  })
  expect(placed.status()).toBe(200)
  const orderId = ((await placed.json()) as { id: number }).id

  // The owner took the money and delivered it (the steps orders-and-ledger.spec.ts walks through by hand).
  await page.setViewportSize({ width: 1440, height: 900 })
  await signInAsOwner(page)
  const step = async (url: string, data: object) =>
    expect((await page.request.patch(url, { data })).status()).toBe(200)
  await step(`/api/orders/${orderId}/payment`, { paymentStatus: 'paid' })
  await step(`/api/orders/${orderId}/status`, { status: 'preparing' })
  await step(`/api/orders/${orderId}/status`, { status: 'shipped', trackingNumber: '9400111899223100067890' })
  await step(`/api/orders/${orderId}/status`, { status: 'delivered' })
  const ledgerBefore = (await (await page.request.get('/api/sales?period=all')).json()) as {
    summary: { totalSales: number; transactions: number }
  }

  await page.goto(`/admin/orders?search=%23${orderId}`)
  const card = page.getByRole('article', { name: `Order #${orderId}` })
  await expect(card).toContainText('Delivered')
  await card.getByRole('button', { name: 'Refund / Return' }).click()
  const dialog = page.getByRole('dialog', { name: 'Refund / Return' })
  await expect(dialog.getByRole('status')).toHaveText('Delivered today — within the 14-day return window')
  await dialog.getByLabel(returned!.name).check()
  await expect(dialog.getByLabel('Amount')).toHaveValue((returned!.price / 100).toFixed(2))
  await dialog.getByRole('button', { name: /^Refund/ }).click()
  await expect(dialog.getByText('Please give a reason for the refund')).toBeVisible()
  await dialog.getByLabel('Reason').fill('Returned within 14 days: not the shade she hoped for')
  await expect(dialog).toContainText('Pay it back by Zelle to the same phone or e-mail: 713-555-0142')
  await screenshot(page, 'test-results/screens/refund-dialog-1440.png')
  await page.setViewportSize({ width: 375, height: 800 })
  // On a phone the dialog is a full-height sheet whose actions sit on its bottom edge.
  await expect
    .poll(async () => (await dialog.getByRole('button', { name: 'Cancel' }).boundingBox())?.y ?? 0)
    .toBeGreaterThan(800 - 70)
  await screenshot(page, 'test-results/screens/refund-dialog-375.png')
  await expectWithin(dialog, 375)
  await page.setViewportSize({ width: 1440, height: 900 })
  await dialog.getByRole('button', { name: /^Refund \$/ }).click()
  await expect(toast(page, 'Refund recorded.')).toBeVisible()
  await expect(dialog).toBeHidden()

  const refunds = card.getByRole('region', { name: `Refunds of order #${orderId}` })
  await expect(refunds).toContainText('not the shade she hoped for')
  await expect(refunds).toContainText(`returned ${returned!.name}`)
  await card.scrollIntoViewIfNeeded()
  await screenshot(card, 'test-results/screens/order-card-refund-1440.png')
  await page.setViewportSize({ width: 375, height: 800 })
  await screenshot(card, 'test-results/screens/order-card-refund-375.png')
  await expectWithin(card, 375)
  await expectWithin(refunds, 375)
  await page.setViewportSize({ width: 1440, height: 900 })

  // The piece is back on the storefront.
  const back = (await (await shopper.request.get(`/api/products/${returned!.id}`)).json()) as Listed
  expect(back).toMatchObject({ status: 'available', stockQuantity: 1 })
  await shopper.goto(`/product/${returned!.id}`)
  await expect(shopper.getByRole('button', { name: /Add to Cart/i }).first()).toBeEnabled()

  // The ledger lost exactly the returned piece's sale.
  await page.goto('/admin/sales')
  await expect(page.getByRole('row').filter({ hasText: returned!.name })).toHaveCount(0)
  await expect(page.getByRole('row').filter({ hasText: kept!.name }).first()).toBeVisible()
  const ledgerAfter = (await (await page.request.get('/api/sales?period=all')).json()) as {
    summary: { totalSales: number; transactions: number }
  }
  expect(ledgerAfter.summary.totalSales).toBe(ledgerBefore.summary.totalSales - returned!.price)
  expect(ledgerAfter.summary.transactions).toBe(ledgerBefore.summary.transactions - 1)
  await expect(page.getByRole('region', { name: 'Sales figures' })).toContainText('refunded')

  // The shopper sees the refund and where it went.
  await shopper.goto(`/order/${orderId}`)
  const shopperRefunds = shopper.getByRole('region', { name: 'Refunds' })
  await expect(shopperRefunds).toContainText(
    `$${(returned!.price / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  )
  await expect(shopperRefunds).toContainText('by Zelle, to the same phone number or e-mail you paid from')
  await expect(shopper.getByRole('link', { name: 'Download invoice (PDF)' })).toBeVisible()
  await shopper.setViewportSize({ width: 375, height: 800 })
  await screenshot(shopper, 'test-results/screens/shopper-order-refund-375.png', { fullPage: true })
  await shopper.close()

  // The papers, one click each from the card.
  await page.goto(`/admin/orders?search=%23${orderId}`)
  for (const [name, file] of [
    [`Invoice of order #${orderId} (PDF)`, 'invoice'],
    [`Packing slip of order #${orderId} (PDF)`, 'packing-slip'],
  ] as const) {
    const link = card.getByRole('link', { name })
    const response = await page.request.get((await link.getAttribute('href'))!)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('application/pdf')
    const path = `test-results/screens/${file}.pdf`
    writeFileSync(path, await response.body())
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })
    expect(text).toContain(`Order #${orderId}`)
    expect(text).toContain(kept!.name)
    if (file === 'packing-slip') expect(text).not.toMatch(/\$\d/)
    else expect(text).toContain('Refunded by Zelle')
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      path,
      `test-results/screens/${file}`,
    ])
  }
})

test('the owner adds a certificate of authenticity; the product page shows it and lets it be zoomed', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signInAsOwner(page)
  const listed = (await (await page.request.get('/api/products?sort=price-desc')).json()) as Listed[]
  const piece = listed.find((candidate) => candidate.status === 'available')!

  await page.goto('/admin/products')
  await page.getByRole('searchbox', { name: 'Search products' }).fill(piece.name)
  const row = page.getByRole('row').filter({ hasText: piece.name }).first()
  await row.getByRole('button', { name: `Edit ${piece.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Product' })
  await dialog.getByLabel('Certification').fill('GIA Jadeite Report 2211-3344')
  const card = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f4efe4' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="600"><rect x="30" y="30" width="740" height="540" fill="none" stroke="#0F6B4B" stroke-width="6"/><text x="400" y="300" font-size="48" text-anchor="middle" fill="#1F2A24">CERTIFICATE 2211-3344</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer()
  await dialog
    .locator('input[type="file"]')
    .last()
    .setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: card })
  await expect(dialog.getByRole('img', { name: 'Certificate of Authenticity' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'Product updated successfully')).toBeVisible()

  await page.goto(`/product/${piece.id}`)
  const panel = page.getByRole('region', { name: 'Certificate of Authenticity' })
  await expect(panel).toContainText('GIA Jadeite Report 2211-3344')
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(jsonLd.join('')).toContain('"additionalProperty"')
  expect(jsonLd.join('')).toContain('GIA Jadeite Report 2211-3344')
  await panel.scrollIntoViewIfNeeded()
  await screenshot(panel, 'test-results/screens/certificate-panel-1440.png')
  await panel.getByRole('button', { name: `Enlarge the certificate of ${piece.name}` }).click()
  const zoom = page.getByRole('dialog', { name: 'Certificate of Authenticity' })
  await expect(zoom.getByRole('img').first()).toBeVisible()
  await screenshot(page, 'test-results/screens/certificate-zoom-1440.png')
  expect((await axeCheck(page).analyze()).violations).toEqual([])
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 375, height: 800 })
  await panel.scrollIntoViewIfNeeded()
  await expectWithin(panel, 375)
  await screenshot(panel, 'test-results/screens/certificate-panel-375.png')
  // The enlarged certificate on the narrowest phone: within the screen, and readable by axe.
  await page.setViewportSize({ width: 320, height: 700 })
  await panel.getByRole('button', { name: `Enlarge the certificate of ${piece.name}` }).click()
  await expect(zoom.getByRole('img').first()).toBeVisible()
  await expectWithin(zoom, 320)
  expect((await axeCheck(page).analyze()).violations).toEqual([])
  await screenshot(page, 'test-results/screens/certificate-zoom-320.png')
  await page.keyboard.press('Escape')
  await expect(zoom).toBeHidden()
})
