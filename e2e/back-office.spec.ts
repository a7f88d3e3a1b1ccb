import { mkdirSync } from 'node:fs'
import sharp from 'sharp'
import { expect, signInAsOwner, test, toast } from './fixtures'
import { screenshot } from './screens'

mkdirSync('test-results/screens', { recursive: true })

const photo = async (name: string, color: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 900, height: 900, channels: 3, background: color } })
    .png()
    .toBuffer(),
})

test.describe('the back office: catalogue and accounts', () => {
  test('the owner lists a bangle with two photos, finds it by size, reprices it and sells it', async ({
    page,
  }) => {
    // Two uploads, a keyboard reorder, five pages and a full-page screenshot: past the default 30 s
    // on a loaded 2-core runner.
    test.setTimeout(60_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    await signInAsOwner(page)
    const name = `Moonlit Lavender Bangle ${Date.now() % 100_000}`

    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Products' })
      .click()
    await page.getByRole('tab', { name: 'Add New Product' }).click()
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('Short description').fill('A softly glowing lavender bangle')
    await page
      .getByLabel('Description', { exact: true })
      .fill('Natural Type A lavender jadeite, hand polished, from Myanmar.')
    await page.getByLabel('Price', { exact: true }).fill('1234.5')
    await page.getByLabel('Category').selectOption('bangles')
    await page.getByLabel('Product type').selectOption('bangle')
    await page.getByLabel('Color').fill('lavender')
    await page.getByLabel('Inner diameter (mm)').fill('59')

    // Two photos at once, each with its own progress, then reordered from the keyboard.
    await page
      .getByLabel('Upload images')
      .setInputFiles([await photo('front.png', '#b8a2d6'), await photo('side.png', '#8e76b5')])
    const images = page.getByRole('list', { name: 'Product images' }).getByRole('listitem')
    await expect(images).toHaveCount(2)
    await expect(toast(page, 'Successfully uploaded')).toBeVisible()
    await page.getByLabel('Alt text for image 1 of 2').fill('The bangle seen from the front')
    // Each key waits for dnd-kit's spoken answer, as a screen-reader user would hear it.
    await page.getByRole('button', { name: 'Reorder image 2 of 2' }).focus()
    await page.keyboard.press('Space')
    await expect(page.getByText(/was moved over droppable area/)).toBeAttached()
    // Over the other picture now, not its own place. dnd-kit measures the pictures once the drag
    // has begun: an arrow pressed before that moves nothing, and a person would press it again
    // (from the first place, a second press leaves the picture where it is).
    await expect(async () => {
      await page.keyboard.press('ArrowLeft')
      await expect(
        page.getByText(/Draggable item (\S+) was moved over droppable area (?!\1\.)\S+/),
      ).toBeAttached({ timeout: 1_000 })
    }).toPass()
    await page.keyboard.press('Space')
    await expect(page.getByText(/was dropped/)).toBeAttached()
    await expect(page.getByLabel('Alt text for image 2 of 2')).toHaveValue('The bangle seen from the front')
    await screenshot(page, 'test-results/screens/admin-product-new-1440.png', { fullPage: true })

    await page.getByRole('button', { name: 'Create Product' }).click()
    await expect(toast(page, 'Product created successfully')).toBeVisible()
    await expect(page.getByRole('tab', { name: 'All Products' })).toHaveAttribute('aria-selected', 'true')

    // On the storefront under its size: 59 mm is an M.
    await page.goto('/products/category/bangles?size=M')
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible()

    // A new price from the edit dialog.
    await page.goto('/admin/products')
    await page.getByRole('searchbox', { name: 'Search products' }).fill('moonlit lavender')
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toHaveCount(1)
    await row.getByRole('button', { name: `Edit ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Product' })
    await dialog.getByLabel('Price', { exact: true }).fill('1100')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Product updated successfully')).toBeVisible()
    await expect(row.getByRole('cell', { name: '$1,100.00' })).toBeVisible()

    await row.getByRole('button', { name: `Mark as Sold ${name}` }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Mark as Sold?' })
    await expect(confirm).toContainText('hidden from the storefront')
    await confirm.getByRole('button', { name: 'Mark as Sold' }).click()
    await expect(toast(page, 'Product marked as sold and hidden from storefront')).toBeVisible()
    await expect(row.getByText('Sold', { exact: true })).toBeVisible()
    const productId = await page.evaluate(
      async (search) =>
        (await (await fetch(`/api/admin/products?search=${encodeURIComponent(search)}`)).json()).items[0].id,
      name,
    )

    await page.goto('/products/category/bangles')
    await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0)
    await page.goto(`/product/${productId}`)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByText('SOLD', { exact: true }).first()).toBeVisible()
    // The photo moved to second place keeps the alt text written for it.
    await page.getByRole('button', { name: 'Show image 2 of 2' }).click()
    await expect(page.getByRole('img', { name: 'The bangle seen from the front' })).toBeVisible()
  })

  test('the owner sets a category image, promotes and demotes a customer', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const customer = `patron${Date.now() % 100_000}`
    const register = await page.request.post('/api/register', {
      data: { username: customer, password: 'patron-password', firstName: 'Lin' },
    })
    expect(register.ok()).toBe(true)
    await page.context().clearCookies()
    await signInAsOwner(page)

    await page.goto('/admin/category-images')
    const rings = page.getByRole('article', { name: 'Rings' })
    await rings.getByRole('button', { name: /Edit Rings|Set Image for Rings/ }).click()
    await rings
      .getByLabel(/Upload an image|Replace the image/)
      .setInputFiles(await photo('rings.png', '#0f6b4b'))
    await expect(rings.getByText('New picture')).toBeVisible()
    await rings.getByLabel('Description').fill('Saddle rings and cabochons in imperial green.')
    await rings.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, /Category image (updated|created) successfully/)).toBeVisible()
    await expect(rings.getByText('Saddle rings and cabochons in imperial green.')).toBeVisible()

    await page.goto('/admin/accounts')
    await page.getByRole('searchbox', { name: 'Search accounts' }).fill(customer)
    const row = page.getByRole('row').filter({ hasText: customer })
    await expect(row.getByText('Customer', { exact: true })).toBeVisible()
    await row.getByRole('button', { name: `Make Admin (${customer})` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make Admin' }).click()
    await expect(toast(page, 'Account Updated')).toBeVisible()
    await expect(row.getByText('Admin', { exact: true })).toBeVisible()

    await row.getByRole('button', { name: `Remove Admin (${customer})` }).click()
    const demote = page.getByRole('alertdialog')
    await expect(demote).toContainText(customer)
    await demote.getByRole('button', { name: 'Remove Admin' }).click()
    await expect(row.getByText('Customer', { exact: true })).toBeVisible()
  })

  test('every back-office page, on a laptop and on a phone', async ({ page }) => {
    // Twelve pages and twelve full-page screenshots: past the default 30 s on a loaded 2-core runner.
    test.setTimeout(60_000)
    await signInAsOwner(page)
    const pages = ['dashboard', 'products', 'category-images', 'accounts', 'profile', 'orders']
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height })
      for (const path of pages) {
        await page.goto(`/admin/${path}`)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
        await screenshot(page, `test-results/screens/admin-${path}-${width}.png`, { fullPage: true })
      }
    }
    // Phones reach every page through the drawer.
    await page.getByRole('button', { name: 'Open navigation' }).click()
    await page.getByRole('dialog').getByRole('link', { name: 'Accounts' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible()
    await expect(page.getByRole('dialog')).toBeHidden()
  })
})
