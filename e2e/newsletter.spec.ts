import { mkdirSync } from 'node:fs'
import { axeCheck } from './axe'
import { expect, signInAsOwner, test } from './fixtures'

// Newsletter campaigns (issue 38): the owner's list of campaigns, as Drafts, Scheduled and Sent.
// (The editor and the sending journey come with the next slice.)

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
  await page.screenshot({ path: 'test-results/screens/newsletter-1440.png' })

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
  await page.screenshot({ path: 'test-results/screens/newsletter-320.png', fullPage: true })

  // The subscriber list links here.
  await page.goto('/admin/subscribers')
  await page.getByRole('link', { name: 'Campaigns' }).click()
  await expect(page).toHaveURL(/\/admin\/newsletter$/)
  expect((await page.request.delete(`/api/admin/campaigns/${id}`)).status()).toBe(200)
})
