import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { axeCheck } from './axe'
import { expect, signInAsOwner, test } from './fixtures'
import { mailDir } from './mail'
import { screenshot } from './screens'

// "Tell me when a similar piece arrives" (issue 25): a visitor asks on a sold piece and confirms by
// the link e-mailed; a signed-in shopper asks from the wishlist with one click; the owner sees who
// waits, per category, on the dashboard and on the product form.

const TITLE = 'Tell me when a similar piece arrives'
const SHOTS = 'test-results/screens'

/** The confirmation link of the newest piece-alert confirmation e-mailed to this address. */
function confirmationLinkFor(email: string): string | undefined {
  const dir = mailDir()
  if (!existsSync(dir)) return undefined
  const text = readdirSync(dir)
    .filter((file) => file.includes('piece-alert-confirmation'))
    .sort()
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .filter((mail) => mail.includes(email))
    .at(-1)
    // Quoted-printable may wrap the link; join soft line breaks first.
    ?.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
  const match = text && /\/alerts\/confirm\?token=[A-Za-z0-9_%-]+/.exec(text)
  return match?.[0]
}

interface Listed {
  id: number
  name: string
  category: string
  sold: boolean
}

/** A sold piece of the demo catalogue (it has one) and its category. */
async function soldPiece(page: Page): Promise<Listed> {
  const listed = (await (await page.request.get('/api/products?includeSold=true')).json()) as Listed[]
  return listed.find((product) => product.sold)!
}

/** The page's own content fits the width (the shared footer's phone layout is another issue's). */
async function fits(page: Page, width: number) {
  expect(await page.evaluate(() => document.querySelector('main')!.scrollWidth)).toBeLessThanOrEqual(width)
}

test('a visitor asks on a sold piece to hear of similar ones, and confirms by the e-mailed link', async ({
  page,
}) => {
  const piece = await soldPiece(page)
  const email = `alert.${Date.now()}@example.com`
  await page.goto(`/product/${piece.id}`)
  const form = page.getByRole('region', { name: TITLE })
  await expect(form).toBeVisible()
  // Its code loads on sold and reserved pieces only, and hydrates once there.
  await expect(form).toHaveAttribute('data-ready', 'true')
  // No Add to Cart on a sold piece: the form stands in its place.
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0)
  const audit = await axeCheck(page)
    .include('main section[data-ready]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze()
  expect(audit.violations.map((violation) => violation.id)).toEqual([])
  for (const width of [320, 375, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await fits(page, width)
    if (width === 320) continue
    await form.scrollIntoViewIfNeeded()
    await screenshot(page, `${SHOTS}/piece-alert-form-${width}.png`)
  }

  // A light check before the server's.
  await form.getByRole('button', { name: 'Notify me' }).click()
  await expect(form.getByRole('alert')).toHaveText('Please enter your email address')
  await form.getByLabel('Email address').fill(email)
  await form.getByRole('button', { name: 'Notify me' }).click()
  await expect(form.getByRole('status')).toContainText('Please confirm with the link we have sent')
  await page.setViewportSize({ width: 375, height: 900 })
  await form.scrollIntoViewIfNeeded()
  await screenshot(page, `${SHOTS}/piece-alert-asked-375.png`)

  // Double opt-in: the e-mail's link (an .eml file in this run) opens a page with one button.
  await expect.poll(() => confirmationLinkFor(email), { timeout: 10_000 }).toBeTruthy()
  await page.goto(confirmationLinkFor(email)!)
  await expect(page.getByRole('heading', { name: 'Hear of similar pieces' })).toBeVisible()
  await page.getByRole('button', { name: 'Yes, tell me' }).click()
  await expect(page.getByRole('heading', { name: 'You are on the list' })).toBeVisible()
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 800 })
    await fits(page, width)
    await screenshot(page, `${SHOTS}/piece-alert-confirmed-${width}.png`, { fullPage: true })
  }

  // The owner sees one more person waiting for the category, on the dashboard and the product form.
  await page.setViewportSize({ width: 1440, height: 900 })
  await signInAsOwner(page)
  // Again, without the sign-in's toast over the screenshots.
  await page.goto('/admin/dashboard')
  const waiting = page.getByRole('region', { name: 'Waiting for a piece' })
  await expect(waiting).toBeVisible()
  const tile = waiting.getByRole('link', { name: new RegExp(`waiting for ${piece.category}$`) })
  await expect(tile).toBeVisible()
  await expect(tile).not.toHaveAccessibleName(`Nobody is waiting for ${piece.category} yet`)
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await waiting.scrollIntoViewIfNeeded()
    await screenshot(page, `${SHOTS}/piece-alert-dashboard-${width}.png`)
  }
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/admin/products?tab=new')
  const category = page.locator('#new-product-category')
  await category.selectOption(piece.category)
  await expect(page.getByTestId('waiting-hint')).toContainText(
    new RegExp(`(person is|people are) waiting for ${piece.category}`),
  )
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await category.scrollIntoViewIfNeeded()
    await screenshot(page, `${SHOTS}/piece-alert-product-form-${width}.png`)
  }
})

test('a signed-in shopper asks from the wishlist with one click', async ({ page }) => {
  const piece = await soldPiece(page)
  const username = `waiter${Date.now()}`
  const email = `${username}@example.com`
  const registered = await page.request.post('/api/register', {
    data: { username, password: 'first-secret', email },
  })
  expect(registered.status()).toBe(201)
  expect((await page.request.post('/api/wishlist', { data: { productId: piece.id } })).ok()).toBe(true)

  await page.goto('/account/wishlist')
  const card = page.locator('article').filter({ hasText: piece.name })
  const form = card.getByRole('region', { name: TITLE })
  await expect(form).toContainText(`We will write to ${email}`)
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await fits(page, width)
    await screenshot(page, `${SHOTS}/piece-alert-wishlist-${width}.png`, { fullPage: true })
  }
  await form.getByRole('button', { name: 'Notify me' }).click()
  await expect(form.getByRole('status')).toHaveText(
    `We will write to ${email} when a new piece arrives in ${piece.category}.`,
  )
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, `${SHOTS}/piece-alert-wishlist-done-1440.png`, { fullPage: true })
})
