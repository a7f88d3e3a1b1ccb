import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { zipOf } from '../src/server/test/zip'
import { axeCheck } from './axe'
import { expect, signInAsOwner, test } from './fixtures'

// The catalogue into the shop (issue 37): the owner brings a Shopify export and its pictures,
// reads the preview, gives the one unknown category a home, confirms and watches the import, and
// the pieces are on the storefront.

const SAMPLE = readFileSync('src/server/modules/catalog-import/fixtures/shopify-sample.csv')

async function samplePictures(): Promise<Buffer> {
  const names = ['bangle-front', 'bangle-side', 'earrings-1', 'earrings-2', 'earrings-3', 'pendant', 'pin']
  const colours = ['#0f6b4b', '#1a7a55', '#b39ddb', '#9575cd', '#7e57c2', '#f5f5f0', '#2e7d32']
  const files = await Promise.all(
    names.map(async (name, i) => ({
      name: `${name}.jpg`,
      data: await sharp({ create: { width: 900, height: 900, channels: 3, background: colours[i]! } })
        .jpeg()
        .toBuffer(),
    })),
  )
  return zipOf(files)
}

test('the owner imports a Shopify catalogue with its pictures and sees the pieces on the storefront', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signInAsOwner(page)
  await page.goto('/admin/products')
  await page.getByRole('link', { name: 'Import' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import Products' })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/products\/import$/)

  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'products_export.csv', mimeType: 'text/csv', buffer: SAMPLE })
  await dialog
    .getByLabel('Pictures (ZIP, optional)')
    .setInputFiles({ name: 'pictures.zip', mimeType: 'application/zip', buffer: await samplePictures() })
  await dialog.getByRole('button', { name: 'Preview Import' }).click()

  const review = page.getByRole('dialog', { name: 'Check the Import' })
  await expect(review).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/products\/import\?id=/)
  const figures = review.getByRole('definition')
  await expect(figures.first()).toHaveText('4')
  await expect(review.getByText('A Shopify product CSV.')).toBeVisible()
  await review.getByLabel('“Hair Accessories” becomes').selectOption('necklaces')
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
  expect((await axeCheck(page).analyze()).violations).toEqual([])
  await page.screenshot({ path: 'test-results/screens/import-preview-1440.png' })
  await page.setViewportSize({ width: 375, height: 740 })
  await page.screenshot({ path: 'test-results/screens/import-preview-375.png' })
  await page.setViewportSize({ width: 1440, height: 900 })

  await review.getByRole('button', { name: 'Import 4 Rows' }).click()
  const finished = page.getByRole('dialog', { name: 'Import Finished' })
  await expect(finished).toBeVisible({ timeout: 30_000 })
  await expect(finished.getByRole('progressbar', { name: 'Rows imported' })).toHaveAttribute(
    'aria-valuenow',
    '4',
  )
  await expect(finished.getByText('4 of 4 rows · 7 pictures stored')).toBeVisible()
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
  expect((await axeCheck(page).analyze()).violations).toEqual([])
  await page.screenshot({ path: 'test-results/screens/import-progress-1440.png' })
  await page.setViewportSize({ width: 375, height: 740 })
  await page.screenshot({ path: 'test-results/screens/import-progress-375.png' })

  // The import is in the address: a reload comes back to its report.
  await page.reload()
  await expect(page.getByRole('dialog', { name: 'Import Finished' })).toBeVisible()
  await page.getByRole('button', { name: 'Done' }).click()
  await expect(page).toHaveURL(/\/admin\/products$/)

  // On the storefront: the bangle with its pictures; the draft pendant is not public.
  const listed = (await (await page.request.get('/api/products')).json()) as { id: number; name: string }[]
  const bangle = listed.find((piece) => piece.name === 'Old Mine Imperial Green Bangle')
  expect(bangle).toBeDefined()
  expect(listed.find((piece) => piece.name === 'Carved Guanyin Pendant')).toBeUndefined()
  await page.goto(`/product/${bangle!.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Old Mine Imperial Green Bangle' })).toBeVisible()
  await expect(page.getByText('A glowing bangle of natural Type A jadeite from Myanmar.')).toBeVisible()
})
