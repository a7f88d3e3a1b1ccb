import { mkdirSync } from 'node:fs'
import { axeCheck } from './axe'
import { expect, signInAsOwner, test, toast } from './fixtures'
import { mailTo, newsletterConfirmationToken } from './mail'
import { screenshot } from './screens'

// Newsletter campaigns (issue 38): the owner's list of campaigns, as Drafts, Scheduled and Sent.

mkdirSync('test-results/screens', { recursive: true })

test('the owner sees the campaigns by tab, with their counts, at desktop and phone widths', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signInAsOwner(page)
  const subject = `Just in: lavender bangles ${Date.now() % 1_000_000}`
  const created = await page.request.post('/api/admin/campaigns', {
    data: { subject, previewText: 'Three new pieces', body: 'Three **new** bangles.' },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  const at = new Date(Date.now() + 24 * 3_600_000).toISOString()
  const scheduledSubject = `${subject} (scheduled)`
  const second = (await (
    await page.request.post('/api/admin/campaigns', { data: { subject: scheduledSubject, body: 'Soon.' } })
  ).json()) as { id: number }
  expect((await page.request.post(`/api/admin/campaigns/${second.id}/send`, { data: { at } })).status()).toBe(
    200,
  )

  await page.getByRole('link', { name: 'Newsletter' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible()
  await expect(page.getByRole('tab', { name: /Drafts/ })).toHaveAttribute('aria-selected', 'true')
  const row = page.getByRole('row').filter({ hasText: subject }).first()
  await expect(row).toContainText('Draft')
  await expect(row).toContainText('Three new pieces')
  expect((await axeCheck(page).analyze()).violations).toEqual([])
  await screenshot(page, 'test-results/screens/newsletter-1440.png')

  await page.getByRole('tab', { name: /Scheduled/ }).click()
  await expect(page.getByRole('row').filter({ hasText: scheduledSubject })).toContainText('Scheduled')
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `${subject}` })
      .filter({ hasText: 'Draft' }),
  ).toHaveCount(0)

  await page.setViewportSize({ width: 320, height: 700 })
  await page.goto('/admin/newsletter')
  await expect(page.getByText(subject).locator('visible=true').first()).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  expect((await axeCheck(page).analyze()).violations).toEqual([])
  await screenshot(page, 'test-results/screens/newsletter-320.png', { fullPage: true })

  // The subscriber list links here.
  await page.goto('/admin/subscribers')
  await page.getByRole('link', { name: 'Campaigns' }).click()
  await expect(page).toHaveURL(/\/admin\/newsletter$/)
  expect((await page.request.delete(`/api/admin/campaigns/${id}`)).status()).toBe(200)
})

test('the owner writes a campaign, sends a test, schedules it, cancels it, and sends it', async ({
  page,
  browser,
  watch,
}) => {
  // The journeys' owner has no e-mail address of their own: the test is refused, saying why
  // (campaigns-api.test.ts sends one to an owner who has).
  watch.expectFailures({ url: /^\/api\/admin\/campaigns\/\d+\/test$/, status: 400 })
  // The e-mail preview's frame runs nothing: the browser refuses, and says so, each script the test
  // tools (Playwright's queries, axe) would run in it. The page itself has none (checked below).
  watch.expectConsoleErrors(
    /^Blocked script execution in '[^']*\/api\/admin\/campaigns\/\d+\/preview\.html[^']*' because the document's frame is sandboxed/,
  )
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signInAsOwner(page)
  await page.goto('/admin/newsletter')
  await page.getByRole('link', { name: 'New Campaign' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New Campaign' })).toBeVisible()
  const subject = `Celadon week ${Date.now() % 1_000_000}`
  // Refused without a message: the fields stay as typed, the reason beside the field.
  await page.getByLabel('Subject').fill(subject)
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByText('Please write the message')).toBeVisible()
  await page.getByLabel('Preview text').fill('Four celadon pieces')
  await page.getByLabel('Message').fill('## Celadon week\n\nFour **new** pieces, this week only.')
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Celadon week', exact: true }),
  ).toBeVisible()
  // Two pieces on sale, found by name, and a published story.
  const onSale = (await (await page.request.get('/api/products?page=1&pageSize=2')).json()) as {
    items: { id: number; name: string }[]
  }
  for (const piece of onSale.items) {
    await page.getByRole('searchbox', { name: 'Pieces' }).fill(piece.name)
    await page
      .getByRole('button', { name: `Add ${piece.name}` })
      .first()
      .click()
    await expect(page.getByRole('list', { name: 'Picked for this campaign' })).toContainText(piece.name)
  }
  const stories = (await (await page.request.get('/api/blog/posts?page=1')).json()) as {
    items: { id: number; title: string }[]
  }
  if (stories.items[0]) await page.getByLabel('Journal story').selectOption(String(stories.items[0].id))
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(toast(page, 'Draft saved')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Campaign' })).toBeVisible()
  const id = Number(/\/admin\/newsletter\/(\d+)$/.exec(page.url())?.[1])
  const stored = (await (await page.request.get(`/api/admin/campaigns/${id}`)).json()) as {
    productIds: number[]
    journalPostId: number | null
  }
  expect(stored.productIds).toEqual(onSale.items.map((piece) => piece.id))
  expect(stored.journalPostId).toBe(stories.items[0]?.id ?? null)
  // The e-mail as a reader gets it, framed at a desktop's width and then at a phone's.
  const preview = page.getByRole('region', { name: 'The e-mail, as saved' })
  const frame = preview.locator('iframe')
  // Nothing may run in the frame, not even the test's own queries (the browser would log each
  // refusal): the page reads the framed document, which is of its origin, and axe checks the
  // message in the reader's copy below.
  const mailFrame = { frameUrl: /\/preview\.html/, selector: 'iframe[sandbox]' }
  const framed = () =>
    page.evaluate(
      () =>
        document.querySelector<HTMLIFrameElement>('iframe[sandbox]')?.contentDocument?.body?.textContent ??
        '',
    )
  await expect.poll(framed).toContain('Celadon week')
  const served = await page.request.get(`/api/admin/campaigns/${id}/preview.html`)
  expect(served.headers()['content-security-policy']).toContain("default-src 'none'")
  expect(await served.text()).not.toMatch(/<script/i)
  expect(await framed()).toContain('Unsubscribe')
  expect(await framed()).toContain(onSale.items[0]!.name)
  await expect(preview.getByRole('button', { name: 'Desktop' })).toHaveAttribute('aria-pressed', 'true')
  expect((await frame.boundingBox())?.width).toBe(600)
  expect((await axeCheck(page, mailFrame).analyze()).violations).toEqual([])
  await screenshot(page, 'test-results/screens/campaign-editor-1440.png', { fullPage: true })
  await preview.scrollIntoViewIfNeeded()
  await screenshot(preview, 'test-results/screens/campaign-preview-desktop.png')
  await preview.getByRole('button', { name: 'Phone' }).click()
  await expect(preview.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true')
  expect((await frame.boundingBox())?.width).toBe(375)
  expect(await framed()).toContain('Unsubscribe')
  await screenshot(preview, 'test-results/screens/campaign-preview-phone.png')
  // On a 320 px screen the frame scrolls inside its box; the page does not scroll sideways.
  await page.setViewportSize({ width: 320, height: 700 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  expect((await axeCheck(page, mailFrame).analyze()).violations).toEqual([])
  await page.setViewportSize({ width: 1440, height: 900 })

  // The e2e owner has an address once the account journey gave it one (it runs first in the whole
  // suite), and none when this file runs alone: either way the answer is the right one.
  const owner = (await (await page.request.get('/api/check-auth')).json()) as { email: string | null }
  await page.getByRole('button', { name: 'Send a test' }).click()
  if (owner.email) {
    await expect(toast(page, `Test sent to ${owner.email}`)).toBeVisible()
    await expect.poll(() => mailTo('campaign-test', owner.email!)?.text ?? '').toContain('Celadon week')
  } else {
    await expect(toast(page, 'Your account has no e-mail address to send the test to')).toBeVisible()
  }

  await page.getByRole('button', { name: 'Schedule…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Schedule this campaign' })
  await expect(dialog).toBeVisible()
  expect((await axeCheck(page, mailFrame).analyze()).violations).toEqual([])
  await dialog.getByRole('button', { name: 'Schedule' }).click()
  await expect(toast(page, 'Campaign scheduled')).toBeVisible()
  await expect(page.getByText('Scheduled', { exact: true }).first()).toBeVisible()
  await expect(page.getByLabel('Subject')).toBeDisabled()

  await page.setViewportSize({ width: 320, height: 700 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  expect((await axeCheck(page, mailFrame).analyze()).violations).toEqual([])
  await screenshot(page, 'test-results/screens/campaign-editor-320.png', { fullPage: true })

  await page.getByRole('button', { name: 'Cancel sending' }).click()
  await expect(toast(page, 'Campaign cancelled')).toBeVisible()
  await expect(page.getByLabel('Subject')).toBeEnabled()

  // A reader who subscribed and confirmed, to receive it.
  const reader = `celadon.${Date.now().toString(36)}@example.com`
  expect((await page.request.post('/api/newsletter', { data: { email: reader } })).status()).toBe(200)
  await expect.poll(() => newsletterConfirmationToken(reader), { timeout: 10_000 }).toBeTruthy()
  const confirmed = await page.request.post('/api/newsletter/confirm', {
    data: { token: newsletterConfirmationToken(reader) },
  })
  expect(confirmed.status()).toBe(200)

  // Sent now: the shop's sender queues it at once and the outbox worker sends it; the page shows
  // it sent with its counts once it has gone.
  await page.getByRole('button', { name: 'Send now' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send now' }).click()
  await expect(toast(page, 'Campaign sending')).toBeVisible()
  await expect(async () => {
    await page.reload()
    await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 60_000 })
  await expect(page.getByText(/\d+ of \d+ sent · 0 failed · 0 unsubscribed/)).toBeVisible()

  // The reader's copy, as the SMTP stand-in received it, in a browser at a phone's and a desktop's
  // width: the pieces, the unsubscribe link and the shop's postal address all in view.
  await expect
    .poll(() => mailTo('campaign', reader)?.text ?? '', { timeout: 30_000 })
    .toContain('Four new pieces, this week only.')
  const mail = mailTo('campaign', reader)!
  expect(mail.text).toContain('Unsubscribe: http')
  const inbox = await browser.newPage()
  for (const width of [375, 1440]) {
    await inbox.setViewportSize({ width, height: 900 })
    await inbox.setContent(mail.html, { waitUntil: 'load' })
    await expect(inbox.getByRole('heading', { name: 'Celadon week' })).toBeVisible()
    await expect(inbox.getByText(onSale.items[0]!.name).first()).toBeVisible()
    await expect(inbox.getByRole('link', { name: 'Unsubscribe' })).toBeVisible()
    // The shop's postal address (STORE_ADDRESS, by default in this run).
    await expect(inbox.getByText('Houston, Texas')).toBeVisible()
    expect(await inbox.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    // Every picture loaded.
    expect(
      await inbox.evaluate(() => [...document.images].filter((image) => image.naturalWidth === 0).length),
    ).toBe(0)
    // A message shows inside a mail program's page, which has the title, the main landmark and the
    // first heading: those page rules are the mail program's, the rest are the message's.
    const rules = ['document-title', 'landmark-one-main', 'page-has-heading-one', 'region']
    expect((await axeCheck(inbox).disableRules(rules).analyze()).violations).toEqual([])
    await screenshot(inbox, `test-results/screens/campaign-mail-${width}.png`, { fullPage: true })
  }
  await inbox.close()
})
