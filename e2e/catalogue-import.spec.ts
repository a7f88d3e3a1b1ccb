import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { E2E_IMPORT_FETCH_TIMEOUT_MS } from '../playwright.config'
import { zipOf } from '../src/server/test/zip'
import { axeCheck, untilStill } from './axe'
import { expect, test as journey, signInAsOwner } from './fixtures'
import { type PictureServer, startPictureServer } from './picture-server'
import { screenshot } from './screens'

// The catalogue into the shop (issue 37): the owner brings a Shopify export and its pictures,
// reads the preview, gives the one unknown category a home, confirms and watches the import, and
// the pieces are on the storefront.
//
// The bangle's and the earrings' five pictures come in the ZIP; the pendant's and the pin's are
// web addresses on a picture server of the journey's own (e2e/picture-server.ts), so the journey
// can hold the import mid-run and see it working: see "The import at work" below.

const CDN = 'https://cdn.shopify.com/s/files/1/0123/4567/products/'

const picture = (background: string) =>
  sharp({ create: { width: 900, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer()

async function samplePictures(): Promise<Buffer> {
  const names = ['bangle-front', 'bangle-side', 'earrings-1', 'earrings-2', 'earrings-3']
  const colours = ['#0f6b4b', '#1a7a55', '#b39ddb', '#9575cd', '#7e57c2']
  const files = await Promise.all(
    names.map(async (name, i) => ({ name: `${name}.jpg`, data: await picture(colours[i]!) })),
  )
  return zipOf(files)
}

/**
 * The Shopify sample, its pendant's and pin's pictures on the journey's picture server. A retry's
 * handles and SKUs carry the retry's number: the first attempt's pieces are in the shop already,
 * and the same SKUs would update them rather than bring in four new pieces.
 */
function sampleCsv(pictures: PictureServer, retry: number): Buffer {
  const csv = readFileSync('src/server/modules/catalog-import/fixtures/shopify-sample.csv', 'utf8')
  const moved = csv
    .replace(`${CDN}pendant.jpg?v=1`, `${pictures.url('pendant.jpg')}?v=1`)
    .replace(`${CDN}pin.jpg?v=1`, `${pictures.url('pin.jpg')}?v=1`)
  expect(moved.match(/http:\/\/127\.0\.0\.1:\d+\/p/g), 'both pictures moved').toHaveLength(2)
  if (retry === 0) return Buffer.from(moved)
  // A row without a SKU takes its handle's (the bangle's), so the handles are renamed too.
  const renamed = moved
    .replace(/^([a-z-]+),/gm, `$1-r${retry},`)
    .replace(/,SH-(EAR-2|PEN-3|PIN-4),/g, `,SH-$1-R${retry},`)
  expect(renamed.match(/^[a-z-]+-r\d+,/gm), 'the seven rows’ handles renamed').toHaveLength(7)
  expect(renamed.match(/,SH-\w+-\d-R\d+,/g), 'the three SKUs renamed').toHaveLength(3)
  return Buffer.from(renamed)
}

const test = journey.extend<{ pictures: PictureServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  pictures: async ({}, use) => {
    const pictures = await startPictureServer({
      'pendant.jpg': await picture('#f5f5f0'),
      'pin.jpg': await picture('#2e7d32'),
    })
    try {
      await use(pictures)
    } finally {
      await pictures.close()
    }
  },
})

/** `promise`, or a failure saying what did not happen in `ms`. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Not within ${ms / 1000} s: ${what}`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

test('the owner imports a Shopify catalogue with its pictures and sees the pieces on the storefront', async ({
  page,
  pictures,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signInAsOwner(page)
  await page.goto('/admin/products')
  await page.getByRole('link', { name: 'Import' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import Products' })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/products\/import$/)

  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'products_export.csv',
    mimeType: 'text/csv',
    buffer: sampleCsv(pictures, test.info().retry),
  })
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
  await untilStill(page)
  expect((await axeCheck(page).analyze()).violations).toEqual([])
  await screenshot(page, 'test-results/screens/import-preview-1440.png')
  await page.setViewportSize({ width: 375, height: 740 })
  await screenshot(page, 'test-results/screens/import-preview-375.png')
  await page.setViewportSize({ width: 1440, height: 900 })

  // The import at work. Rows go in file order (bangle, earrings, pendant, pin) and progress is
  // saved after a row once more than a second has passed since the last save (runner.ts,
  // SAVE_EVERY_MS). The pendant's picture is answered 1.2 s after the shop asks for it: the last
  // save was before its row began, so the save after its row is certain, and says 3 rows done.
  // The pin's picture is held until the journey has looked: the job waits on it with those 3 rows
  // saved, for as long as the shop waits for a picture (IMPORT_FETCH_TIMEOUT_MS, 30 s in the e2e shop).
  const pendant = pictures.hold('pendant.jpg', { forMs: 1200 })
  const pin = pictures.hold('pin.jpg')
  await review.getByRole('button', { name: 'Import 4 Rows' }).click()
  await within(15_000, pendant.requested, 'the shop asks for the pendant’s picture')
  const pinAskedAt = await within(15_000, pin.requested, 'the shop asks for the pin’s picture')
  const running = page.getByRole('dialog', { name: 'Importing…' })
  await expect(running).toBeVisible()
  await expect(running.getByRole('progressbar', { name: 'Rows imported' })).toHaveAttribute(
    'aria-valuenow',
    '3',
  )
  await expect(running.getByText('3 of 4 rows · 6 pictures stored')).toBeVisible()
  // The bangle, the earrings and the pendant are new pieces so far.
  await expect(running.getByLabel('What the import has done so far')).toBeVisible()
  await expect(running.getByRole('definition').first()).toHaveText('3')
  await untilStill(page)
  expect((await axeCheck(page).analyze()).violations).toEqual([])
  await screenshot(page, 'test-results/screens/import-running-1440.png')
  await page.setViewportSize({ width: 375, height: 740 })
  await untilStill(page)
  await screenshot(page, 'test-results/screens/import-running-375.png')
  // Nothing sideways to scroll to on a small phone.
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 740 })
    expect(await running.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 1440, height: 900 })
  expect(Date.now() - pinAskedAt, 'the pin released before the shop gives up on it').toBeLessThan(
    E2E_IMPORT_FETCH_TIMEOUT_MS - 2000,
  )
  pin.release()

  const finished = page.getByRole('dialog', { name: 'Import Finished' })
  await expect(finished).toBeVisible({ timeout: 30_000 })
  await expect(finished.getByRole('progressbar', { name: 'Rows imported' })).toHaveAttribute(
    'aria-valuenow',
    '4',
  )
  await expect(finished.getByText('4 of 4 rows · 7 pictures stored')).toBeVisible()
  await untilStill(page)
  expect((await axeCheck(page).analyze()).violations).toEqual([])
  await screenshot(page, 'test-results/screens/import-progress-1440.png')
  await page.setViewportSize({ width: 375, height: 740 })
  await screenshot(page, 'test-results/screens/import-progress-375.png')

  // The import is in the address: a reload comes back to its report.
  await page.reload()
  await expect(page.getByRole('dialog', { name: 'Import Finished' })).toBeVisible()
  await page.getByRole('button', { name: 'Done' }).click()
  await expect(page).toHaveURL(/\/admin\/products$/)

  // On the storefront: the bangle with its pictures; the draft pendant is not public.
  const listed = (await (await page.request.get('/api/products')).json()) as { id: number; name: string }[]
  // The newest of that name: a retry's own, when the first attempt imported one too.
  const bangle = listed
    .filter((piece) => piece.name === 'Old Mine Imperial Green Bangle')
    .sort((a, b) => b.id - a.id)[0]
  expect(bangle).toBeDefined()
  expect(listed.find((piece) => piece.name === 'Carved Guanyin Pendant')).toBeUndefined()
  await page.goto(`/product/${bangle!.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Old Mine Imperial Green Bangle' })).toBeVisible()
  await expect(page.getByText('A glowing bangle of natural Type A jadeite from Myanmar.')).toBeVisible()
})
