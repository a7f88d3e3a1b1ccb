import { mkdirSync, readFileSync } from 'node:fs'
import { generate } from 'otplib'
import { E2E_ADMIN } from '../playwright.config'
import { expect, signInAsOwner, test } from './fixtures'
import { screenshot } from './screens'

mkdirSync('test-results/screens', { recursive: true })

/** What the owner's authenticator app shows `steps` periods after `epochS`. */
const appCode = (secret: string, epochS: number, steps = 0) =>
  generate({ secret, epoch: epochS + steps * 30 })

test.describe('two-factor sign-in', () => {
  test('the owner sets it up from the dashboard, signs in with a code, and turns it off', async ({
    page,
    watch,
  }) => {
    // The first sign-in step answers 401 and asks for the code (the password alone is not enough).
    watch.expectFailures({ url: /\/api\/login$/, status: 401 })
    await page.setViewportSize({ width: 1440, height: 900 })
    await signInAsOwner(page)

    // The dashboard recommends it while it is off.
    const recommendation = page.getByRole('complementary', { name: 'Recommended: two-factor sign-in' })
    await expect(recommendation).toBeVisible()
    await screenshot(page, 'test-results/screens/two-factor-dashboard-1440.png')
    await recommendation.getByRole('link', { name: 'Set up two-factor sign-in' }).click()
    await expect(page).toHaveURL(/\/admin\/profile\?tab=two-factor$/)
    const section = page.getByRole('region', { name: 'Two-factor sign-in' })
    await expect(section.getByTestId('two-factor-status')).toHaveText('Off')

    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
    // The session alone is not enough: the password comes first (issue 31).
    await section.getByLabel('Current password').fill(E2E_ADMIN.password)
    await section.getByRole('button', { name: 'Continue' }).click()
    await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible()
    const secret = ((await section.getByTestId('two-factor-key').textContent()) ?? '').replace(/\s+/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await screenshot(page, 'test-results/screens/two-factor-setup-1440.png', { fullPage: true })
    await page.setViewportSize({ width: 375, height: 812 })
    await screenshot(page, 'test-results/screens/two-factor-setup-375.png', { fullPage: true })
    await expectNoSidewaysScroll(page)

    const enabledAt = Math.floor(Date.now() / 1000)
    await section.getByLabel('Enter the 6-digit code the app shows').fill(await appCode(secret, enabledAt))
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    const codes = section.getByTestId('recovery-code')
    await expect(codes.first()).toBeVisible()
    const recoveryCodes = await codes.allInnerTexts()
    expect(recoveryCodes.length).toBeGreaterThanOrEqual(8)
    await screenshot(page, 'test-results/screens/two-factor-codes-375.png', { fullPage: true })
    await expectNoSidewaysScroll(page)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download codes' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('recovery-codes.txt')
    expect(readFileSync((await download.path())!, 'utf8')).toContain(recoveryCodes[0]!)
    await section.getByRole('button', { name: 'I have saved them' }).click()
    await expect(section.getByTestId('two-factor-status')).toHaveText('On')
    await expect(codes).toHaveCount(0)

    // A fresh browser signs in: password, then the code the app shows next.
    await page.context().clearCookies()
    await page.goto('/admin')
    await page.getByLabel('Username').fill(E2E_ADMIN.username)
    await page.getByLabel('Password').fill(E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    const code = page.getByLabel('Authentication code')
    await expect(code).toBeVisible()
    await screenshot(page, 'test-results/screens/two-factor-login-375.png', { fullPage: true })
    await expectNoSidewaysScroll(page)
    // The step the setup used is spent; the app's next one is accepted (one step of drift either way).
    await code.fill(await appCode(secret, enabledAt, 1))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
    await expect(page.getByRole('complementary', { name: 'Recommended: two-factor sign-in' })).toHaveCount(0)

    // New recovery codes take the password too, and replace the old ones.
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/admin/profile?tab=two-factor')
    await section.getByRole('button', { name: 'New recovery codes' }).click()
    await section.getByLabel('Current password').fill(E2E_ADMIN.password)
    await section.getByRole('button', { name: 'Make new recovery codes' }).click()
    await expect(codes.first()).toBeVisible()
    const freshCodes = await codes.allInnerTexts()
    expect(freshCodes).toHaveLength(recoveryCodes.length)
    expect(freshCodes).not.toContain(recoveryCodes[0])
    await section.getByRole('button', { name: 'I have saved them' }).click()

    // Turned off with the password and a recovery code, so the other journeys sign in as before.
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
    await section.getByLabel('Password').fill(E2E_ADMIN.password)
    await section.getByLabel('Code from your app, or a recovery code').fill(freshCodes[0]!)
    await screenshot(page, 'test-results/screens/two-factor-off-1440.png', { fullPage: true })
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
    await expect(section.getByTestId('two-factor-status')).toHaveText('Off')
  })
})

async function expectNoSidewaysScroll(page: import('@playwright/test').Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}
