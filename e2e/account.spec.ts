import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { E2E_ADMIN } from '../playwright.config'
import { expect, signInAsOwner, test } from './fixtures'
import { mailDir } from './mail'
import { screenshot } from './screens'

/** The newest password-reset e-mail written for this address (no SMTP in the e2e run). */
function resetTokenFor(email: string): string | undefined {
  const dir = mailDir()
  if (!existsSync(dir)) return undefined
  const mails = readdirSync(dir)
    .filter((file) => file.includes('password-reset'))
    .sort()
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .filter((text) => text.includes(email))
  // Quoted-printable may wrap the link; join soft line breaks first.
  const text = mails
    .at(-1)
    ?.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
  const match = text && /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text)
  return match ? decodeURIComponent(match[1]!) : undefined
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/account/login')
  await page.getByLabel('Username', { exact: true }).fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test('a customer: wishlist, address, password change, sign out and in, reset by e-mail', async ({ page }) => {
  // Eleven pages, three screenshots and a mail: on a loaded 2-core runner, past the default 30 s.
  test.setTimeout(60_000)
  const username = `jade${Date.now()}`
  const email = `${username}@example.com`

  await page.goto('/account/wishlist')
  await expect(page.getByText('You need to log in')).toBeVisible()

  await page.goto('/account/login?tab=register')
  await page.getByLabel('First name').fill('Lin')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Username', { exact: true }).fill(username)
  await page.getByLabel('Password').fill('first-secret')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/account\/profile$/)

  // Wishlist from a card.
  await page.goto('/products')
  const card = page.locator('article').first()
  const name = (await card.locator('h2').textContent())!
  await card.getByRole('button', { name: 'Add to wishlist' }).click()
  await expect(page.getByText('Item added to your wishlist', { exact: true })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible()
  await page.goto('/account/wishlist')
  await expect(page.getByRole('link', { name })).toBeVisible()
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, 'test-results/screens/wishlist-375.png', { fullPage: true })
  await page.setViewportSize({ width: 1280, height: 720 })

  // The address, edited in place.
  await page.goto('/account/profile')
  await expect(page.getByText('USA', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: /Edit/ }).click()
  await page.getByLabel('Address', { exact: true }).fill('8 Celadon Court')
  await page.getByLabel('City', { exact: true }).fill('Houston')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible()
  await expect(page.getByText('8 Celadon Court')).toBeVisible()

  // A new e-mail address asks for the current password as soon as it is typed.
  await page.getByRole('button', { name: /Edit/ }).click()
  const currentPassword = page.getByLabel('Current password (needed to change your email)')
  await expect(currentPassword).toBeHidden()
  await page.getByLabel('Email', { exact: true }).fill(`new.${email}`)
  await currentPassword.fill('first-secret')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible()
  await expect(page.getByText(`new.${email}`)).toBeVisible()
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, 'test-results/screens/profile-375.png', { fullPage: true })
  await page.setViewportSize({ width: 1280, height: 720 })

  // A new password, then out and back in with it.
  await page.getByLabel('Current password').fill('first-secret')
  await page.getByLabel('New password', { exact: true }).fill('second-secret')
  await page.getByLabel('Confirm new password').fill('second-secret')
  await page.getByRole('button', { name: /Change Password|Update Password/ }).click()
  await expect(page.getByText('Password Changed', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Logout' }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await signIn(page, username, 'second-secret')
  await expect(page).toHaveURL(/\/account\/profile$/)
  await page.getByRole('button', { name: 'Logout' }).first().click()

  // Forgotten anyway: reset through the e-mailed link.
  await page.goto('/account/forgot-password')
  await page.getByLabel('Email', { exact: true }).fill(`new.${email}`)
  await page.getByRole('button', { name: /Send|Reset/ }).click()
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  await expect.poll(() => resetTokenFor(`new.${email}`), { timeout: 10_000 }).toBeTruthy()
  await page.goto(`/account/reset-password?token=${encodeURIComponent(resetTokenFor(`new.${email}`)!)}`)
  await expect(page.getByLabel('Reset token')).toBeHidden()
  await page.getByLabel('New password', { exact: true }).fill('third-secret')
  await page.getByLabel('Confirm new password').fill('third-secret')
  await page.getByRole('button', { name: /Reset Password/ }).click()
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible()
  await signIn(page, username, 'third-secret')
  await expect(page).toHaveURL(/\/account\/profile$/)
})

test('the owner, who has no e-mail yet, saves one with the current password', async ({ page }) => {
  await signInAsOwner(page)
  await page.goto('/admin/profile')
  await page.getByRole('button', { name: 'Edit Profile' }).click()
  const currentPassword = page.getByLabel('Current password (needed to change your email)')
  await page.getByLabel('First name').fill('Mei')
  await page.getByLabel('Last name').fill('Chen')
  await expect(currentPassword).toBeHidden()
  const email = `owner${Date.now()}@example.com`
  await page.getByLabel('Email', { exact: true }).fill(email)
  await expect(currentPassword).toBeVisible()
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, 'test-results/screens/admin-profile-375.png', { fullPage: true })
  await page.setViewportSize({ width: 1280, height: 720 })
  await currentPassword.fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
})
