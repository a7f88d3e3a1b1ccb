import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { expect, signInAsOwner, test, toast } from './fixtures'
import { mailDir } from './mail'
import { screenshot } from './screens'

mkdirSync('test-results/screens', { recursive: true })

const unique = () => Date.now().toString(36).slice(-5)

/** The confirmation link of the newest newsletter confirmation e-mailed to this address (no SMTP in the e2e run). */
function confirmationLinkFor(email: string): string | undefined {
  const dir = mailDir()
  if (!existsSync(dir)) return undefined
  const text = readdirSync(dir)
    .filter((file) => file.includes('newsletter-confirmation'))
    .sort()
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .filter((mail) => mail.includes(email))
    .at(-1)
    // Quoted-printable may wrap the link; join soft line breaks first.
    ?.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
  const match = text && /\/newsletter\/confirm\?token=[A-Za-z0-9_%-]+/.exec(text)
  return match?.[0]
}

test.describe('community', () => {
  test('a visitor reviews a piece with a photo; the owner approves it; it shows on /testimonials and the home page', async ({
    page,
  }) => {
    const name = `Ana Reviewer ${unique()}`
    const content = `The celadon bangle glows in the morning light. <script>alert(1)</script> ${unique()}`
    // The catalogue is not downloaded for the form: one page of it, once the picker opens.
    const catalogueRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/products') catalogueRequests.push(request.url())
    })
    await page.goto('/testimonials')
    await expect(page.getByRole('heading', { name: 'Share Your Experience' })).toBeVisible()
    // The form is opened by a button; its code comes then, and it starts at the name.
    await page.getByRole('button', { name: 'Write a review' }).click()
    await expect(page.getByLabel('Your Name')).toBeFocused()
    await page.getByLabel('Your Name').fill(name)
    expect(catalogueRequests).toEqual([])
    const firstPage = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/products')
    await page.getByRole('button', { name: /^Product \(optional\)/ }).click()
    const listed = (await (await firstPage).json()) as {
      items: { id: number; name: string }[]
      total: number
    }
    expect(new URL(catalogueRequests[0]!).searchParams.get('pageSize')).toBe('20')
    const piece = listed.items[0]!
    const pieces = page.getByRole('list', { name: 'Pieces' })
    await expect(pieces.getByRole('button')).toHaveCount(listed.items.length + 1)
    // A search narrows the list on the server.
    await page.getByRole('searchbox', { name: 'Search pieces' }).fill(piece.name)
    await expect(pieces.getByRole('button', { name: piece.name, exact: true })).toBeVisible()
    await expect.poll(() => catalogueRequests.some((url) => url.includes('q='))).toBe(true)
    await pieces.getByRole('button', { name: piece.name, exact: true }).click()
    await expect(page.getByRole('button', { name: `Product (optional) ${piece.name}` })).toBeVisible()
    const productId = piece.id
    // The stars are the radios' labels: a click on the fourth star chooses 4.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '4 stars' }) })
      .click()
    await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked()
    await page.getByLabel('Your Review').fill(content)
    const photo = await sharp({ create: { width: 700, height: 700, channels: 3, background: '#6fa287' } })
      .png()
      .toBuffer()
    await page
      .getByLabel('Add a photo')
      .setInputFiles({ name: 'wrist.png', mimeType: 'image/png', buffer: photo })
    await expect(toast(page, 'Successfully uploaded 1 image(s).')).toBeVisible()
    await expect(page.getByRole('img', { name: 'Your upload' })).toBeVisible()
    await page.getByRole('button', { name: 'Submit Review' }).click()
    await expect(toast(page, 'Your review has been submitted and is pending approval.')).toBeVisible()
    await expect(page.getByLabel('Your Name')).toHaveValue('')
    // Not public before approval.
    await page.reload()
    await expect(page.getByText(content)).toHaveCount(0)

    await signInAsOwner(page)
    await page.goto('/admin/testimonials')
    await expect(page.getByRole('tab', { name: /Pending Review/ })).toHaveAttribute('aria-selected', 'true')
    const card = page.getByRole('listitem').filter({ hasText: name })
    await expect(card).toContainText(content)
    await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible()
    await card.getByRole('button', { name: `Approve the review by ${name}` }).click()
    await expect(toast(page, 'Testimonial has been approved and is now visible to customers.')).toBeVisible()
    await page.getByRole('tab', { name: 'Approved' }).click()
    await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible()

    await page.goto('/testimonials')
    const review = page.getByRole('listitem').filter({ hasText: name })
    // The script is shown as the characters typed, never run.
    await expect(review).toContainText(content)
    await expect(review.getByRole('img', { name: `Shared by ${name}` })).toBeVisible()
    // Structured data for search engines, on /testimonials and on the reviewed piece's page.
    const jsonLd = () => page.locator('script[type="application/ld+json"]').allTextContents()
    expect((await jsonLd()).join('')).toContain('"AggregateRating"')
    await page.goto(`/product/${productId}`)
    expect((await jsonLd()).join('')).toMatch(/"@type":"Product".*"aggregateRating".*"Review"/)

    await page.goto('/')
    const carousel = page.locator('section[aria-roledescription="carousel"]')
    await expect(carousel.getByRole('heading', { name: 'Customer Testimonials' })).toBeVisible()
    await expect(carousel.getByText(content)).toHaveCount(1)
    await expect(carousel.getByRole('button', { name: /Show testimonial 1 of/ })).toBeVisible()
    // The carousel's script loads as it nears the screen; a dot then moves to its quote.
    await carousel.scrollIntoViewIfNeeded()
    const second = carousel.getByRole('button', { name: /Show testimonial 2 of/ })
    await expect(async () => {
      await second.click()
      await expect(second).toHaveAttribute('aria-current', 'true', { timeout: 500 })
    }).toPass()
  })

  test('a visitor asks about a piece; the owner finds it unread, reads it and deletes it', async ({
    page,
  }) => {
    const name = `Mei Asker ${unique()}`
    await page.goto('/products')
    await page
      .getByRole('link', { name: /View Details/ })
      .first()
      .click()
    await expect(page).toHaveURL(/\/product\/\d+$/)
    const pieceName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
    await page.getByRole('link', { name: 'Inquire About This Item' }).click()
    await expect(page).toHaveURL(/\/contact\?subject=/)
    await expect(page.getByRole('heading', { name: 'Get In Touch' })).toBeVisible()
    await expect(page.getByLabel('Subject')).toHaveValue(new RegExp(pieceName.trim().slice(0, 20)))
    // The specification's messages before anything is sent.
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible()
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible()
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('Email', { exact: true }).fill('mei.asker@example.com')
    await page
      .getByLabel('Message', { exact: true })
      .fill('Is this piece still available, and could I see it in Houston?')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(toast(page, "Thank you for your inquiry. We'll get back to you soon.")).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')

    await signInAsOwner(page)
    await page.goto('/admin/inquiries')
    await page.getByRole('tab', { name: /Unread/ }).click()
    await page.getByRole('searchbox', { name: 'Search inquiries' }).fill(name)
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText('Unread')
    await row.getByRole('button', { name: /View/ }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Is this piece still available')
    await expect(dialog.getByRole('link', { name: 'Reply via Email' })).toHaveAttribute(
      'href',
      /^mailto:mei\.asker@example\.com\?subject=Re%3A%20/,
    )
    await expect(toast(page, 'Inquiry marked as read')).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await page.getByRole('tab', { name: 'Read', exact: true }).click()
    const readRow = page.getByRole('row').filter({ hasText: name })
    await expect(readRow).toContainText('Read')
    await readRow.getByRole('button', { name: `Delete the message from ${name}` }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText(
      'Are you sure you want to delete this inquiry? This action cannot be undone.',
    )
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(toast(page, 'Inquiry deleted successfully')).toBeVisible()
    const nothingFound = page.getByRole('heading', { name: `No inquiries found matching "${name}"` })
    await expect(nothingFound).toBeVisible()
    // The empty state's way out, beside its heading: the search box's ✕ has the same name, as it
    // does the same thing, so the page holds two "Clear search" buttons.
    await nothingFound.locator('..').getByRole('button', { name: 'Clear search' }).click()
    await expect(page.getByRole('searchbox', { name: 'Search inquiries' })).toHaveValue('')
  })

  test('a visitor subscribes in the footer and confirms by e-mail; the owner copies every address', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const email = `Reader.${unique()}@Example.com`
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await footer.getByLabel('Email address').fill(email)
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await expect(toast(page, 'Thank you for subscribing to our newsletter!')).toBeVisible()
    await expect(footer.getByLabel('Email address')).toHaveValue('')

    await signInAsOwner(page)
    await page.goto('/admin/subscribers')
    const row = page.getByRole('row').filter({ hasText: email.toLowerCase() })
    await expect(row).toContainText('Awaiting confirmation')

    // The link in the confirmation e-mail (written as an .eml file in this run) opens a page with one button.
    await expect.poll(() => confirmationLinkFor(email.toLowerCase()), { timeout: 10_000 }).toBeTruthy()
    await page.goto(confirmationLinkFor(email.toLowerCase())!)
    await page.getByRole('button', { name: 'Confirm my subscription' }).click()
    await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible()
    for (const width of [320, 1440]) {
      await page.setViewportSize({ width, height: 800 })
      // The page's own content (the shared footer's phone layout is another issue's).
      expect(await page.evaluate(() => document.querySelector('main')!.scrollWidth)).toBeLessThanOrEqual(
        width,
      )
      await screenshot(page, `test-results/screens/newsletter-confirmed-${width}.png`, { fullPage: true })
    }

    await page.goto('/admin/subscribers')
    await expect(row).toBeVisible()
    await expect(row).not.toContainText('Awaiting confirmation')
    await page.getByRole('button', { name: 'Copy All Emails' }).click()
    await expect(toast(page, /\d+ email addresses copied to clipboard/)).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(email.toLowerCase())
  })

  test('the pages, at phone and desktop widths', async ({ page }) => {
    // Ten full-page screenshots, each page settled first: 29 s of the default 30 on the loaded machine.
    test.setTimeout(60_000)
    // A few messages in the inbox, as a shop has.
    for (const [name, subject] of [
      ['Sophia Nguyen', 'Bangle sizing for a 54 mm wrist'],
      ['Robert Hall', 'Is the honey yellow pendant still available?'],
      ['Jennifer Wu', 'Private viewing in Houston next week'],
    ] as const) {
      const sent = await page.request.post('/api/inquiries', {
        data: {
          name,
          email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
          subject,
          message: 'Hello! I saw this piece on your site and would love to know more before I decide.',
        },
      })
      expect(sent.status()).toBe(201)
    }
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      for (const path of ['/testimonials', '/contact']) {
        await page.goto(path)
        await screenshot(page, `test-results/screens${path}-${width}.png`, { fullPage: true })
      }
      await page.goto('/')
      const carousel = page.locator('section[aria-roledescription="carousel"]')
      await carousel.scrollIntoViewIfNeeded()
      await screenshot(carousel, `test-results/screens/home-testimonials-${width}.png`)
    }
    await signInAsOwner(page)
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      for (const path of ['inquiries', 'testimonials', 'subscribers']) {
        await page.goto(`/admin/${path}${path === 'testimonials' ? '?status=all' : ''}`)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await page.waitForLoadState('networkidle')
        await screenshot(page, `test-results/screens/admin-${path}-${width}.png`, { fullPage: true })
      }
    }
  })
})
