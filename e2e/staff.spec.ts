import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { E2E_ADMIN } from '../playwright.config'
import { axeCheck } from './axe'
import { expect, signInAsOwner, test, toast } from './fixtures'
import { invitationLink, pathOf } from './mail'
import { screenshot, TAKES_SCREENSHOTS } from './screens'
import { shopperOrder } from './shopper'

// Issue 35, in one journey: the owner invites a packer, who joins from the e-mail's link on a phone,
// sees the orders without their money, ships one with its tracking number and cannot open the
// ledger; then the owner changes the member's role, deactivates and reactivates them.

const SHOTS = 'test-results/screens'
mkdirSync(SHOTS, { recursive: true })
const shoot = (page: Page, name: string) => screenshot(page, `${SHOTS}/${name}.png`, { fullPage: true })

/** A toast comes once the server has answered, which on a busy machine can take a while. */
const SLOW = { timeout: 15_000 }

const axe = async (page: Page) =>
  expect((await axeCheck(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual([])

test('the owner invites a packer, who joins from the e-mail, ships an order and is given another role', async ({
  page,
  browser,
  baseURL,
  watch,
}) => {
  test.setTimeout(120_000)
  const run = Date.now() % 100_000
  const email = `packer-${run}@example.com`
  const username = `packer${run}`
  await page.setViewportSize({ width: 1440, height: 900 })
  // An order paid and packed, waiting for the packer to ship it.
  const { orderId } = await shopperOrder(page)
  await signInAsOwner(page)
  for (const [path, data] of [
    ['payment', { paymentStatus: 'paid' }],
    ['status', { status: 'preparing' }],
  ] as const)
    expect((await page.request.patch(`/api/orders/${orderId}/${path}`, { data })).ok()).toBe(true)

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Owner', level: 4 })).toBeVisible()

  // A role of the shop's own: its name and two permissions.
  await page.getByRole('button', { name: 'New role' }).click()
  const roleDialog = page.getByRole('dialog', { name: 'New role' })
  await roleDialog.getByRole('button', { name: 'Create role' }).click()
  await expect(roleDialog.getByText('Choose at least one permission')).toBeVisible()
  await roleDialog.getByLabel('Name').fill(`Fair helper ${run}`)
  await roleDialog.getByRole('checkbox', { name: 'View products' }).check()
  await roleDialog.getByRole('checkbox', { name: 'Recording sales' }).check()
  await shoot(page, 'role-dialog-1440')
  await roleDialog.getByRole('button', { name: 'Create role' }).click()
  await expect(toast(page, 'Role created')).toBeVisible(SLOW)
  await expect(page.getByRole('heading', { name: `Fair helper ${run}`, level: 4 })).toBeVisible()
  await page.getByRole('button', { name: `Edit Fair helper ${run}` }).click()
  const editDialog = page.getByRole('dialog', { name: `Edit Fair helper ${run}` })
  await expect(editDialog.getByRole('checkbox', { name: 'Recording sales' })).toBeChecked()
  await editDialog.getByRole('checkbox', { name: 'Packing and shipping orders' }).check()
  await editDialog.getByRole('button', { name: 'Save role' }).click()
  await expect(toast(page, 'Role saved')).toBeVisible(SLOW)
  await expect(page.getByRole('listitem', { name: `Fair helper ${run}` })).toContainText(
    'Packing and shipping orders',
  )

  // The invitation: a field error from the form, then the e-mail on its way.
  await page.getByRole('button', { name: 'Invite a member' }).first().click()
  const invite = page.getByRole('dialog', { name: 'Invite a member' })
  await invite.getByLabel('E-mail').fill('not an address')
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(invite.getByText('Enter a valid e-mail address')).toBeVisible()
  await invite.getByLabel('E-mail').fill(email)
  await invite.getByLabel('Role').selectOption({ label: 'Packer' })
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(toast(page, 'Invitation sent')).toBeVisible(SLOW)
  const pending = page.getByRole('table', { name: 'Pending invitations' })
  await expect(pending.getByRole('row').filter({ hasText: email })).toContainText('Packer')
  await expect(pending.getByRole('row').filter({ hasText: email })).toContainText(E2E_ADMIN.username)

  await expect.poll(() => invitationLink(email), { timeout: 15_000 }).toBeTruthy()
  const link = pathOf(invitationLink(email)!)

  // The packer, on a phone, in a browser of their own.
  const packer = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
  })
  const phone = watch.also(await packer.newPage())
  watch.expectFailures({ url: /^\/api\/staff\/invitations\/preview$/, status: 400 })
  await phone.goto('/staff/invitation?token=not-a-real-token')
  await expect(phone.getByText('This invitation link is not valid or has expired.')).toBeVisible()
  await expect(phone.getByLabel('Username')).toHaveCount(0)
  await axe(phone)
  await shoot(phone, 'invitation-invalid-375')

  await phone.goto(link)
  await expect(phone.getByRole('heading', { level: 1, name: /^Join .+ as Packer$/ })).toBeVisible()
  await expect(phone.getByText(email)).toBeVisible()
  await axe(phone)
  await shoot(phone, 'invitation-375')
  if (TAKES_SCREENSHOTS) {
    await phone.setViewportSize({ width: 1440, height: 900 })
    await shoot(phone, 'invitation-1440')
    await phone.setViewportSize({ width: 375, height: 812 })
  }
  await phone.getByLabel('Username').fill(username)
  await phone.getByLabel('Password').fill('short')
  await phone.getByRole('button', { name: 'Join the team' }).click()
  await expect(phone.getByText('Password must be at least 10 characters')).toBeVisible()
  await phone.getByLabel('Password').fill('a packer’s long password')
  await phone.getByRole('button', { name: 'Join the team' }).click()
  await expect(phone).toHaveURL(/\/admin(\/dashboard)?$/)
  await expect(phone.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(phone.getByText('Sales today')).toHaveCount(0)
  await expect(phone.getByRole('button', { name: 'Download backup' })).toHaveCount(0)

  // The packer's orders: no money, no payment or cancel buttons; the order ships with its tracking.
  await phone.getByRole('button', { name: 'Open navigation' }).click()
  const drawer = phone.getByRole('dialog', { name: /navigation/i })
  await expect(drawer.getByRole('link', { name: 'Sales' })).toHaveCount(0)
  await expect(drawer.getByRole('link', { name: 'Products' })).toHaveCount(0)
  await drawer.getByRole('link', { name: 'Orders' }).click()
  await expect(phone.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await expect(phone.getByRole('button', { name: 'Record Payment' })).toHaveCount(0)
  await expect(phone.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0)
  await expect(phone.getByText(/^Paid \$/)).toHaveCount(0)
  await phone.goto(`/admin/orders?tab=ready-to-ship&search=%23${orderId}`)
  const card = phone.getByRole('article', { name: `Order #${orderId}` })
  await expect(card).toBeVisible()
  await axe(phone)
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await shoot(phone, 'packer-orders-375')
  await card.getByRole('button', { name: 'Mark Shipped' }).click()
  const shipping = phone.getByRole('dialog', { name: 'Mark Shipped' })
  await shipping.getByLabel('Tracking number').fill('9400111899223100054321')
  await shipping.getByRole('button', { name: 'Mark Shipped' }).click()
  await expect(toast(phone, 'Order status updated successfully.')).toBeVisible(SLOW)
  await phone.goto(`/admin/orders?tab=completed&search=%23${orderId}`)
  await expect(card).toContainText('Shipped')
  // The piece's price is the packer's to see; the order's total, payments and balance are not.
  await expect(card).not.toContainText(/Total|Balance|Paid \$|received/)
  await expect(card).toContainText(`· ${username} (Packer)`)
  if (TAKES_SCREENSHOTS) {
    await phone.setViewportSize({ width: 1440, height: 900 })
    await shoot(phone, 'packer-orders-1440')
    await phone.setViewportSize({ width: 375, height: 812 })
  }

  // The ledger is not theirs: a calm page that says so, never an error.
  await phone.goto('/admin/sales')
  await expect(phone.getByRole('heading', { level: 1, name: 'Not part of your role' })).toBeVisible()
  await expect(phone.getByText('Your role does not include the ledger and reports')).toBeVisible()
  await axe(phone)
  await packer.close()

  // Back with the owner: the packer is on the team; their role changes.
  await page.reload()
  await expect(pending.getByRole('row').filter({ hasText: email })).toHaveCount(0)
  const team = page.getByRole('table', { name: 'Team members' })
  const row = team.getByRole('row').filter({ hasText: username })
  await expect(row).toContainText(email)
  await expect(row).toContainText('Active')
  await row.getByRole('combobox', { name: `Role of ${username}` }).selectOption({ label: 'Show assistant' })
  const change = page.getByRole('alertdialog', { name: `Make ${username} a Show assistant?` })
  await expect(change).toContainText('View products, Recording sales')
  await change.getByRole('button', { name: 'Change role' }).click()
  await expect(toast(page, 'Role changed')).toBeVisible(SLOW)
  await page.reload()
  await expect(row.getByRole('combobox', { name: `Role of ${username}` })).toHaveValue('show-assistant')

  // The last Owner cannot step down: the server's words, and the list as it was.
  watch.expectFailures({ url: /^\/api\/admin\/staff\/\d+$/, status: 409 })
  const me = team.getByRole('row').filter({ hasText: E2E_ADMIN.username })
  await me.getByRole('combobox', { name: `Role of ${E2E_ADMIN.username}` }).selectOption({ label: 'Manager' })
  const stepDown = page.getByRole('alertdialog', { name: `Make ${E2E_ADMIN.username} a Manager?` })
  await stepDown.getByRole('button', { name: 'Change role' }).click()
  // Told in the dialog, which a screen reader reads (a toast behind the modal would be hidden from it).
  await expect(stepDown.getByRole('alert')).toHaveText(
    'This is the last Owner. Make another member an Owner first.',
    SLOW,
  )
  await stepDown.getByRole('button', { name: 'Cancel' }).click()
  await expect(me.getByRole('combobox', { name: `Role of ${E2E_ADMIN.username}` })).toHaveValue('owner')

  // Deactivating asks first and names what it does.
  await row.getByRole('button', { name: `Deactivate ${username}` }).click()
  const confirm = page.getByRole('alertdialog', { name: `Deactivate ${username}?` })
  await expect(confirm).toContainText('ends their sessions at once')
  await confirm.getByRole('button', { name: 'Deactivate' }).click()
  await expect(row).toContainText('Deactivated')
  await row.getByRole('button', { name: `Reactivate ${username}` }).click()
  await expect(toast(page, 'Member reactivated')).toBeVisible(SLOW)
  await expect(row).toContainText('Active')

  // One invitation left pending, for the page as an owner sees it on most days.
  await page.getByRole('button', { name: 'Invite a member' }).first().click()
  await invite.getByLabel('E-mail').fill(`helper-${run}@example.com`)
  await invite.getByLabel('Role').selectOption({ label: `Fair helper ${run}` })
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(toast(page, 'Invitation sent')).toBeVisible(SLOW)
  await expect(pending.getByRole('row').filter({ hasText: `helper-${run}@example.com` })).toBeVisible()
  await shoot(page, 'staff-1440')

  await page.setViewportSize({ width: 375, height: 812 })
  await expect(page.getByRole('list', { name: 'Team members' })).toBeVisible()
  await axe(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await shoot(page, 'staff-375')

  // Both dialogs fit a phone and pass axe.
  for (const [button, name] of [
    ['New role', 'New role'],
    ['Invite a member', 'Invite a member'],
  ] as const) {
    await page.getByRole('button', { name: button }).first().click()
    const dialog = page.getByRole('dialog', { name })
    await expect(dialog).toBeVisible()
    await axe(page)
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    await shoot(page, `${name.toLowerCase().replaceAll(' ', '-')}-375`)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
  }
})
