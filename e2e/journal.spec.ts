import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, signInAsOwner, test } from './fixtures'
import { screenshot } from './screens'

mkdirSync('test-results/screens', { recursive: true })

// The toast itself, not Radix's spoken announcement of it (a status element that lives for a
// second, which a busy machine can miss).
const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text })
    .first()

/** The page is no wider than the screen: nothing scrolls sideways. */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

// One story, written by the owner and then read by a visitor, in that order.
test.describe
  .serial('the Journal', () => {
    const title = `The Story of a Green Bangle ${Date.now() % 100_000}`
    let slug = ''
    let piece: { id: number; name: string }

    test('the owner writes a story with a picture and a piece, schedules it, then publishes it', async ({
      page,
      watch,
    }) => {
      // A long journey: writing, uploading, scheduling, a failed save, publishing, then a phone.
      test.setTimeout(90_000)
      await page.setViewportSize({ width: 1440, height: 900 })
      const products = (await (await page.request.get('/api/products')).json()) as {
        id: number
        name: string
        status: string
      }[]
      piece = products.find((product) => product.status === 'available')!
      await signInAsOwner(page)

      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Journal' })
        .click()
      await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible()
      await page.getByRole('link', { name: 'New Story' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'New Story' })).toBeVisible()

      await page.getByLabel('Title', { exact: true }).fill(title)
      await page
        .getByLabel('Story', { exact: true })
        .fill(
          `## Where it came from\n\nCut from a single boulder in Hpakant, this piece glows like a lit window.\n\nSee [${piece.name}](/product/${piece.id}) in the collection.`,
        )
      // The live preview follows the text, the linked piece named under it.
      const preview = page.getByRole('region', { name: 'Preview' })
      await expect(preview.getByRole('heading', { name: 'Where it came from' })).toBeVisible()
      await expect(preview.getByText(piece.name).last()).toBeVisible()

      await page.getByLabel('Category', { exact: true }).fill('Stories')
      await page.getByLabel('Tags', { exact: true }).fill('Provenance')
      await page.getByLabel('Tags', { exact: true }).press('Enter')
      await expect(page.getByRole('list', { name: 'Tags of this story' })).toContainText('Provenance')
      await page.getByLabel('Meta description', { exact: true }).fill('The story of one green bangle.')
      await expect(page.getByText('30/160')).toBeVisible()

      // The picture, through the upload pipeline, with its progress.
      const picture = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: '#2f8462' },
      })
        .png()
        .toBuffer()
      await page
        .getByLabel('Upload an image')
        .setInputFiles({ name: 'bangle.png', mimeType: 'image/png', buffer: picture })
      await expect(toast(page, 'Successfully uploaded')).toBeVisible()
      await expect(page.getByRole('img', { name: 'Chosen for this story' })).toBeVisible()

      // Scheduled for tomorrow morning, on the shop's clock.
      await page.getByRole('button', { name: 'Schedule' }).click()
      const dialog = page.getByRole('dialog', { name: 'Schedule this story' })
      await expect(dialog.getByLabel('Time')).toHaveValue('09:00')
      await dialog.getByRole('button', { name: 'Schedule' }).click()
      await expect(toast(page, 'Post scheduled')).toBeVisible()
      await expect(page).toHaveURL(/\/admin\/journal\/\d+$/)
      await expect(page.getByText(/^Scheduled for /)).toBeVisible()
      slug = await page.getByLabel('Address', { exact: true }).inputValue()
      expect(slug).toMatch(/^the-story-of-a-green-bangle-\d+$/)
      await screenshot(page, 'test-results/screens/journal-editor-1440.png', { fullPage: true })

      // Not on the storefront yet.
      watch.expectFailures(
        { url: new RegExp(`^/journal/${slug}$`), status: 404 },
        { url: new RegExp(`^/api/blog/posts/${slug}$`), status: 404 },
        { url: /^\/api\/admin\/blog\/posts\/\d+$/, status: 409 },
      )
      const early = await page.request.get(`/journal/${slug}`)
      expect(early.status()).toBe(404)

      // A save that fails keeps every change: here, an address another story has.
      const story = page.getByLabel('Story', { exact: true })
      await story.fill(`${await story.inputValue()}\n\nA line added before a failed save.`)
      await page.getByLabel('Address', { exact: true }).fill('caring-for-your-jade')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(toast(page, 'Failed to save post')).toBeVisible()
      // Beside the field it names, as well as in the toast.
      await expect(
        page.getByRole('alert').filter({ hasText: 'This slug is already used by another post' }),
      ).toBeVisible()
      await expect(story).toHaveValue(/A line added before a failed save\.$/)
      await expect(page.getByText('Unsaved changes')).toBeVisible()
      await page.getByLabel('Address', { exact: true }).fill(slug)

      // Published now: on the storefront at once.
      await page.getByRole('button', { name: 'Publish Now' }).click()
      await expect(toast(page, 'Post published')).toBeVisible()
      await expect(page.getByText(/^Published /)).toBeVisible()
      await expect(page.getByText('All changes saved')).toBeVisible()
      const live = await page.request.get(`/journal/${slug}`)
      expect(live.status()).toBe(200)

      // The editor on the narrowest phone: nothing scrolls sideways, nor does the schedule dialog.
      await page.setViewportSize({ width: 320, height: 740 })
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Story' })).toBeVisible()
      await expectNoSideways(page)
      await page.getByRole('button', { name: 'Unpublish' }).scrollIntoViewIfNeeded()
      await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()
      await page.goto('/admin/journal')
      await expect(
        page.getByRole('list', { name: 'Journal stories' }).getByRole('link', { name: title, exact: true }),
      ).toBeVisible()
      await expectNoSideways(page)
    })

    test('a visitor finds the story on the Journal, reads it and follows the piece', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 })
      await page.goto('/')
      await page.getByRole('button', { name: 'Open menu' }).click()
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Journal' }).click()
      await expect(page).toHaveURL(/\/journal$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Notes on Jade' })).toBeVisible()
      await expectNoSideways(page)

      // The newest story leads the page.
      await page.getByRole('heading', { name: title }).getByRole('link').click()
      await expect(page).toHaveURL(new RegExp(`/journal/${slug}$`))
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Where it came from' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Provenance' })).toBeVisible()
      await expectNoSideways(page)
      await screenshot(page, 'test-results/screens/journal-post-375.png', { fullPage: true })

      const card = page.getByTestId('journal-product-card')
      await expect(card).toHaveCount(1)
      await expect(card).toContainText(piece.name)
      await card.click()
      await expect(page).toHaveURL(new RegExp(`/product/${piece.id}$`))
      await expect(page.getByRole('heading', { level: 1, name: piece.name })).toBeVisible()
      // And the piece's page tells of the story, low on the page (loaded as the shopper nears it).
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      const stories = page.getByRole('region', { name: 'Stories about this piece' })
      await expect(stories.getByRole('link', { name: title })).toBeVisible()
    })

    test('the story is in the feed and the sitemap, with its page described for search and sharing', async ({
      page,
    }) => {
      const feed = await page.request.get('/journal/feed.xml')
      expect(feed.headers()['content-type']).toContain('application/atom+xml')
      expect(await feed.text()).toContain(`/journal/${slug}"/>`)
      expect(await (await page.request.get('/sitemaps/journal.xml')).text()).toContain(
        `/journal/${slug}</loc>`,
      )
      const html = await (await page.request.get(`/journal/${slug}`)).text()
      expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:`)
      expect(html).toContain('<meta property="og:type" content="article" />')
      expect(html).toContain('"@type":"BlogPosting"')
      expect(html).toContain('<meta name="description" content="The story of one green bangle." />')
    })
  })
