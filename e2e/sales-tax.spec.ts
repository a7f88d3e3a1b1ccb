import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { axeCheck } from './axe'
import { expect, signInAsOwner, test, toast } from './fixtures'
import { screenshot } from './screens'
import { addToCart, availablePieces, dollars, fillDetails } from './shopper'

// Sales tax (issue 34): the owner turns it on for Texas from a Houston origin and applies the
// shipped Texas table; a shopper sees the tax line at checkout, on the confirmation and on the
// invoice. A shop's journeys run one at a time (each worker has its own), and tax is turned off
// again after this one, so every other journey keeps the specification's total = subtotal + shipping.

const TEXAS_TABLE = 'src/server/modules/tax/samples/TX.csv'

/** The smallest PDF a viewer opens: one blank page, for the reseller's certificate. */
const SMALL_PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n')

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage()
  await signInAsOwner(page)
  const settings = await (await page.request.get('/api/admin/settings/tax')).json()
  await page.request.put('/api/admin/settings/tax', { data: { ...settings, enabled: false } })
  await page.close()
})

/** Texas from Houston: 6.25 % state, 1 % city, 1 % transit, each rounded to the cent. */
const houstonTax = (taxable: number) =>
  Math.round(taxable * 0.0625) + Math.round(taxable * 0.01) + Math.round(taxable * 0.01)

test('the owner turns Texas sales tax on, and a shopper pays it through to the invoice', async ({
  page,
  browser,
  watch,
}) => {
  // Two people, two screens, a PDF: longer than a one-page journey.
  test.setTimeout(180_000)
  await signInAsOwner(page)
  // From the shop's defaults, so a retry starts where the first try did.
  const reset = await page.request.put('/api/admin/settings/tax', {
    data: { enabled: false, origin: { address: '', city: '', state: '', zipCode: '' }, registrations: [] },
  })
  expect(reset.status()).toBe(200)
  await page.goto('/admin/settings/tax')
  await expect(page.getByRole('heading', { name: 'Sales tax', level: 2 })).toBeVisible()
  await page.getByRole('checkbox', { name: 'Collect sales tax' }).check()
  await page.getByLabel('Address', { exact: true }).fill('1 Main Street')
  await page.getByLabel('City', { exact: true }).fill('Houston')
  const origin = page.getByRole('group', { name: 'The shop’s origin' })
  await origin.getByLabel('State').selectOption('TX')
  await origin.getByLabel('ZIP code').fill('77002')
  await page.getByRole('button', { name: 'Add a state' }).click()
  const texas = page.getByRole('group', { name: 'Registered states' }).getByRole('listitem').first()
  await expect(texas.getByLabel('State rate (%)')).toHaveValue('6.25')
  // Refused by the route's own schema, before anything is sent: the message is beside the field,
  // which has the focus.
  await page.getByRole('button', { name: 'Save tax settings' }).click()
  const permit = texas.getByLabel('Permit number')
  await expect(permit).toHaveAccessibleDescription('Permit number is required')
  await expect(permit).toHaveAttribute('aria-invalid', 'true')
  await expect(permit).toBeFocused()
  await permit.fill('32000000001')
  await expect(permit).not.toHaveAttribute('aria-invalid')
  await page.getByRole('button', { name: 'Save tax settings' }).click()
  await expect(toast(page, 'Tax settings saved')).toBeVisible()

  // The shipped Texas table, previewed against nothing, then applied.
  await page.getByLabel('Rate table (CSV)').setInputFiles(TEXAS_TABLE)
  await page.getByRole('button', { name: 'Preview' }).click()
  // 12 new the first time; a retry finds the same table in force already.
  await expect(page.getByText(/^12 ZIP codes: (12 new, 0|0 new, 0) changed, 0 removed/)).toBeVisible()
  await screenshot(page, 'test-results/screens/tax-settings-preview-1440.png', { fullPage: true })
  await page.getByRole('button', { name: 'Apply this table' }).click()
  await expect(page.getByText('In force').first()).toBeVisible()

  // The calculator: Austin from Houston is still 8.25 % (origin sourcing).
  const calculator = page.getByRole('region', { name: 'Test calculator' })
  await calculator.getByLabel('ZIP code').fill('78701')
  await calculator.getByLabel('Amount ($)').fill('100')
  await calculator.getByRole('button', { name: 'Calculate' }).click()
  await expect(calculator.getByRole('row', { name: /Sales tax \$8\.25/ })).toBeVisible()
  expect((await axeCheck(page).analyze()).violations).toEqual([])
  await screenshot(page, 'test-results/screens/tax-settings-1440.png', { fullPage: true })
  await page.setViewportSize({ width: 375, height: 740 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await screenshot(page, 'test-results/screens/tax-settings-375.png', { fullPage: true })

  // A reseller's certificate, kept on their account (the owner's own, here).
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/admin/accounts?search=e2e-owner')
  await page.getByRole('button', { name: 'Tax exemption of e2e-owner' }).click()
  const exemption = page.getByRole('dialog', { name: 'Tax exemption' })
  // Saved empty, the certificate number is said to be missing beside its field.
  await exemption.getByRole('button', { name: 'Save' }).click()
  await expect(exemption.getByLabel('Certificate number')).toHaveAccessibleDescription(
    'Certificate number is required',
  )
  await expect(exemption.getByLabel('Certificate number')).toBeFocused()
  await exemption.getByLabel('Certificate number').fill('01-2345678')
  await exemption.getByLabel('Expires on').fill('2030-12-31')
  // A file that only says it is a PDF is refused by the server; what was typed stays.
  watch.expectFailures({ url: /^\/api\/upload\/tax-certificate$/, status: 415 })
  const certificateFile = exemption.getByLabel('Certificate file')
  await certificateFile.setInputFiles({
    name: 'not-a-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('plain text'),
  })
  await expect(exemption.getByRole('alert')).toContainText(
    'not-a-certificate.pdf is not a PDF or an image file.',
  )
  await expect(exemption.getByLabel('Certificate number')).toHaveValue('01-2345678')
  await certificateFile.setInputFiles({
    name: 'resale-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(SMALL_PDF, 'latin1'),
  })
  // Once uploaded, focus is on the file's link (the input it replaces is gone), and it is said.
  const chosen = exemption.getByRole('link', { name: /resale-certificate\.pdf/ })
  await expect(chosen).toBeVisible()
  await expect(chosen).toBeFocused()
  await expect(chosen).toHaveAttribute('href', /^\/api\/admin\/tax-certificates\/[0-9a-f]{32}\.pdf$/)
  await expect(exemption.locator('[aria-live="polite"]')).toHaveText(/resale-certificate\.pdf uploaded/)
  // Removed, focus returns to the file input; picked again, it is back.
  await exemption.getByRole('button', { name: 'Remove file' }).click()
  await expect(certificateFile).toBeFocused()
  await expect(exemption.locator('[aria-live="polite"]')).toHaveText(/removed/)
  await certificateFile.setInputFiles({
    name: 'resale-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(SMALL_PDF, 'latin1'),
  })
  await expect(chosen).toBeFocused()
  await expect(exemption.getByRole('alert')).toHaveCount(0)
  expect((await axeCheck(page).include('[role="dialog"]').analyze()).violations).toEqual([])
  await page.setViewportSize({ width: 320, height: 740 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  expect(await exemption.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true)
  await screenshot(page, 'test-results/screens/tax-exemption-320.png')
  await page.setViewportSize({ width: 1440, height: 900 })
  await exemption.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Tax exemption saved')).toBeVisible()
  await page.getByRole('button', { name: 'Tax exemption of e2e-owner' }).click()
  await expect(exemption.getByLabel('Certificate number')).toHaveValue('01-2345678')
  // The kept certificate is linked where the exemption shows; the link opens it through the back
  // office, for the signed-in member only, kept by no cache, and it is nowhere under /uploads/.
  const kept = exemption.getByRole('link', { name: /Certificate \(PDF\)/ })
  await expect(kept).toBeVisible()
  const href = (await kept.getAttribute('href'))!
  expect(href).toMatch(/^\/api\/admin\/tax-certificates\/[0-9a-f]{32}\.pdf$/)
  const served = await page.request.get(href)
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toContain('application/pdf')
  expect(served.headers()['cache-control']).toBe('private, no-store')
  expect((await served.body()).toString('latin1')).toBe(SMALL_PDF)
  const name = href.split('/').pop()
  expect((await page.request.get(`/uploads/private/tax-certificates/${name}`)).status()).toBe(404)
  const stranger = await browser.newContext()
  expect((await stranger.request.get(href)).status()).toBe(401)
  await stranger.close()
  await exemption.getByRole('button', { name: 'Remove exemption' }).click()
  await expect(toast(page, 'Tax exemption removed')).toBeVisible()

  // A shopper on a phone.
  const shopperContext = await browser.newContext({ viewport: { width: 375, height: 740 } })
  const shopper = watch.also(await shopperContext.newPage())
  const piece = (await availablePieces(shopper)).find((p) => p.price < 50_000)!
  await addToCart(shopper, piece)
  await shopper.getByRole('button', { name: 'Open cart' }).click()
  const sheet = shopper.getByRole('dialog', { name: 'Shopping Cart' })
  await expect(sheet.getByText('Tax calculated at checkout')).toBeVisible()
  await sheet.getByRole('button', { name: 'Checkout' }).click()
  const summary = shopper.getByRole('region', { name: 'Order summary' })
  await expect(summary.getByText('Enter state and ZIP')).toBeVisible()
  await fillDetails(shopper, 'ava.tax@example.com')
  const shipping = 695 // under the e2e shop's free-shipping threshold
  const tax = houstonTax(piece.price + shipping)
  await expect(summary.getByText(dollars(tax), { exact: true })).toBeVisible()
  await expect(summary.getByText(dollars(piece.price + shipping + tax), { exact: true })).toBeVisible()
  expect((await axeCheck(shopper).analyze()).violations).toEqual([])
  // From the top: a full-page picture taken scrolled down draws the sticky header over the form.
  const fromTheTop = () => shopper.evaluate(() => window.scrollTo(0, 0))
  await fromTheTop()
  await screenshot(shopper, 'test-results/screens/checkout-tax-375.png', { fullPage: true })
  // The same summary on a desktop, the tax line beside the form.
  await shopper.setViewportSize({ width: 1440, height: 900 })
  await expect(summary.getByText(dollars(tax), { exact: true })).toBeVisible()
  await fromTheTop()
  await screenshot(shopper, 'test-results/screens/checkout-tax-1440.png', { fullPage: true })
  await shopper.setViewportSize({ width: 375, height: 740 })

  await shopper.getByLabel('Zelle').check()
  await shopper.getByRole('button', { name: 'Place Order' }).click()
  await expect(shopper.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
  await expect(shopper.getByText('Texas tax (6.25%)')).toBeVisible()
  await expect(shopper.getByText('Houston city tax (1%)')).toBeVisible()
  await screenshot(shopper, 'test-results/screens/confirmation-tax-375.png', { fullPage: true })

  const confirmation = new URL(shopper.url())
  const orderId = confirmation.searchParams.get('orderId')!
  const key = confirmation.searchParams.get('key')!
  const invoice = await shopper.request.get(
    `/api/orders/${orderId}/invoice.pdf?key=${encodeURIComponent(key)}`,
  )
  expect(invoice.status()).toBe(200)
  const path = 'test-results/screens/invoice-tax.pdf'
  writeFileSync(path, await invoice.body())
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })
  expect(text).toMatch(/Texas tax \(6\.25%\)\s+\$[\d,.]+/)
  expect(text).toContain(dollars(piece.price + shipping + tax))
  await shopperContext.close()

  // The owner's card shows the lines too, and the report counts the order's tax.
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`/admin/orders?search=%23${orderId}`)
  await expect(page.getByText('Houston special district tax (1%)')).toBeVisible()
  // The report counts an order once its money comes: the owner records the Zelle payment.
  const paid = await page.request.patch(`/api/orders/${orderId}/payment`, { data: { paymentStatus: 'paid' } })
  expect(paid.status()).toBe(200)
  await page.goto('/admin/reports/sales-tax')
  await expect(page.getByRole('heading', { name: 'For the Texas return' })).toBeVisible()
  const texasReturn = page.getByRole('region', { name: 'For the Texas return' })
  await expect(texasReturn.getByRole('row', { name: /Houston city/ })).toBeVisible()
  expect((await axeCheck(page).analyze()).violations).toEqual([])
  await screenshot(page, 'test-results/screens/sales-tax-report-1440.png', { fullPage: true })
  await page.setViewportSize({ width: 375, height: 740 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await screenshot(page, 'test-results/screens/sales-tax-report-375.png', { fullPage: true })
})
