import { mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { axeCheck } from './axe'
import { expect, signInAsOwner, test, toast } from './fixtures'
import { confirmationLink, pathOf } from './mail'
import { screenshot, TAKES_SCREENSHOTS } from './screens'

mkdirSync('test-results/screens', { recursive: true })

/** The widths axe checks every page, sheet and dialog at (issue 32): the narrowest phone and a desktop. */
const AXE_WIDTHS = new Set([320, 1440])

/** axe-core finds no violation of any impact (judged once the page is still: e2e/axe.ts). */
async function expectAccessible(page: Page, what: string) {
  // Nothing hovered: the state axe judges is the one a person sees before pointing at anything.
  await page.mouse.move(0, 0)
  const { violations } = await axeCheck(page).analyze()
  // Soft: one walk reports every page's violations, not only the first page's.
  expect
    .soft(
      violations.map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(' '))
            .join(', ')}`,
      ),
      `axe on ${what} at ${page.viewportSize()?.width} px`,
    )
    .toEqual([])
}

/**
 * The widths a walk also checks each page and dialog at, by resizing its window, beside the width
 * it loads them at: the 320 px walk widens to 375 px, the common phone. The layout is chosen by CSS
 * alone (no component reads the width once at mount), so a page widened to 375 px lays out as one
 * loaded there; the walk loads every page once, not once per phone.
 */
const ALSO_AT: Record<number, number[]> = { 320: [375] }

/** Runs `check` with the window `width` px wide, then puts the walk's own width back. */
async function atWidth<T>(page: Page, width: number, check: () => Promise<T>): Promise<T> {
  const viewport = page.viewportSize()!
  if (viewport.width === width) return check()
  await page.setViewportSize({ width, height: viewport.height })
  try {
    return await check()
  } finally {
    await page.setViewportSize(viewport)
  }
}

/**
 * The document may never be wider than the screen (a shopper on a phone cannot reach what runs
 * off the side). The failure names the elements that stick out, so a regression says where it is.
 */
async function expectNoSideScroll(page: Page, what: string) {
  // Layout settles after fonts, lazy chunks and a resize; a frame later is what the person sees.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))))
  const report = await page.evaluate(() => {
    const width = window.innerWidth
    const documentWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)
    const offenders: string[] = []
    if (documentWidth > width) {
      const clipped = (element: HTMLElement) => {
        for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
          const style = getComputedStyle(up)
          if (style.overflowX !== 'visible' || style.position === 'fixed') return true
        }
        return false
      }
      for (const element of document.querySelectorAll<HTMLElement>('body *')) {
        const box = element.getBoundingClientRect()
        if (box.width === 0 || box.right <= width + 1 || clipped(element)) continue
        // Only the innermost offender of each branch says where the problem starts.
        if ([...element.children].some((child) => child.getBoundingClientRect().right > width + 1)) continue
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className).slice(0, 80)}`
        offenders.push(`${name} "${(element.textContent ?? '').slice(0, 30)}" → ${Math.round(box.right)} px`)
        if (offenders.length > 8) break
      }
    }
    return { width, documentWidth, offenders }
  })
  expect(
    report.documentWidth,
    `${what} at ${report.width} px is ${report.documentWidth} px wide: ${report.offenders.join('; ')}`,
  ).toBeLessThanOrEqual(report.width)
}

/**
 * Every page and every dialog: no sideways scrolling at the walk's width and at the widths it also
 * checks (ALSO_AT), and at the axe widths no accessibility violation.
 */
async function expectFits(page: Page, what: string) {
  const width = page.viewportSize()!.width
  // Every width's fit before axe (which takes a while): what opening a dialog set off, such as a
  // toast, is still there for each of them.
  await atEveryWidth(page, () => expectNoSideScroll(page, what))
  if (AXE_WIDTHS.has(width)) await expectAccessible(page, what)
}

/** Runs `check` at the walk's width, then at each width it also checks (ALSO_AT). */
async function atEveryWidth(page: Page, check: () => Promise<void>) {
  await check()
  for (const wider of ALSO_AT[page.viewportSize()!.width] ?? []) await atWidth(page, wider, check)
}

/** A picture of the walk for a person to look at, at 375 px: taken only by the walk that checks 375 px. */
async function screenAt375(page: Page, width: number, take: () => Promise<unknown>) {
  if (TAKES_SCREENSHOTS && ALSO_AT[width]?.includes(375)) await atWidth(page, 375, take)
}

/**
 * Opens a dialog and checks it once it has settled: `settled` waits for what opening it sets off
 * (the inquiry marks itself read and says so in a toast), so axe never reads a toast fading in.
 */
async function openDialog(
  page: Page,
  opener: Locator,
  name: string | RegExp,
  what: string,
  settled?: () => Promise<void>,
) {
  await opener.click()
  const dialog = page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }))
  await expect(dialog).toBeVisible()
  await settled?.()
  await expectFits(page, what)
  return dialog
}

async function closeDialog(page: Page) {
  const layers = page.getByRole('dialog').or(page.getByRole('alertdialog'))
  // A dialog still settling its focus (the inquiry marks itself read) may miss the first Escape.
  await expect(async () => {
    await page.keyboard.press('Escape')
    await expect(layers).toHaveCount(0, { timeout: 1_000 })
  }).toPass()
}

interface Listed {
  id: number
  name: string
  price: number
  status: string
  stockQuantity: number
  category: string
}

/** A Zelle order by a guest, as the storefront sends it: the order card and its dialogs need one. */
async function guestOrder(page: Page, piece: Listed) {
  const placed = await page.request.post('/api/checkout', {
    data: {
      firstName: 'Wilhelmina',
      lastName: 'Montgomery-Featherstonehaugh',
      email: `wilhelmina.montgomery-featherstonehaugh.${Date.now()}@example.com`,
      phone: '713-555-0199',
      address: '1 Very Long Boulevard of the Celadon Pavilion, Apartment 1204',
      city: 'Washington',
      state: 'DC',
      zipCode: '20001',
      country: 'United States',
      paymentMethod: 'zelle',
      // The card's row of the shopper's requests is on the walk too.
      appointmentRequest: true,
      insuranceInterest: true,
      items: [{ productId: piece.id, quantity: 1, price: piece.price }],
      subtotal: piece.price,
      shippingCost: piece.price >= 100_000 ? 0 : 695,
      total: piece.price + (piece.price >= 100_000 ? 0 : 695),
    },
  })
  expect(placed.status()).toBe(200)
  return ((await placed.json()) as { id: number }).id
}

const STOREFRONT_PAGES = [
  '/',
  '/products',
  '/products/category/bangles',
  '/products/category/earrings',
  '/journal',
  '/testimonials',
  '/contact',
  '/gift-cards',
  '/gift-cards/balance',
  '/about',
  '/return-policy',
  '/privacy-policy',
  '/terms-conditions',
  '/account/login',
  '/account/login?tab=register',
  '/account/forgot-password',
  '/newsletter/unsubscribe',
  '/newsletter/confirm?token=not-a-token',
  '/alerts/confirm?token=not-a-token',
  '/alerts/unsubscribe',
  '/reminders/unsubscribe',
  '/no-such-page',
]

const ADMIN_PAGES = [
  'dashboard',
  'products',
  'orders',
  'orders?tab=completed',
  'orders?tab=appointments',
  'sales',
  'record-sale',
  'gift-cards',
  'inquiries',
  'journal',
  'journal/new',
  'testimonials',
  'category-images',
  'subscribers',
  'discounts',
  'accounts',
  'reports/sales-tax',
  'settings',
  'settings/tax',
  'profile',
  'profile?tab=password',
]

// Four long walks (a phone and a desktop, storefront and back office), each with its own order,
// account and pieces: shared out among the workers, not walked one after another by whichever
// worker reaches this file (at the end of the list, alone, while the other workers have finished).
test.describe.configure({ mode: 'parallel' })

for (const width of [320, 1440]) {
  const phone = width < 768
  const widths = [width, ...(ALSO_AT[width] ?? [])].join(' and ')
  test.describe(phone ? `on a ${widths} px phone` : `on a ${widths} px desktop`, () => {
    // Many pages and dialogs in one walk, on a machine shared with other work.
    test.setTimeout(360_000)
    test('every storefront page and its sheets fit the screen', async ({ page, watch }) => {
      watch.expectFailures({ url: /\/no-such-page$/, status: 404 })
      await page.setViewportSize({ width, height: 740 })
      const pieces = (await (await page.request.get('/api/products')).json()) as Listed[]
      const piece = pieces.find(
        (candidate) => candidate.status === 'available' && candidate.stockQuantity > 0,
      )!
      const posts = (await (await page.request.get('/api/blog/posts')).json()) as
        | { slug: string }[]
        | { items: { slug: string }[] }
      const post = (Array.isArray(posts) ? posts : posts.items)[0]
      const pages = [...STOREFRONT_PAGES, `/product/${piece.id}`, ...(post ? [`/journal/${post.slug}`] : [])]
      for (const path of pages) {
        await page.goto(path)
        await expectFits(page, path)
      }

      if (phone) {
        await page.goto('/')
        await openDialog(page, page.getByRole('button', { name: 'Open menu' }), /menu/i, 'the mobile menu')
        await closeDialog(page)
      }

      await page.goto(`/product/${piece.id}`)
      await page
        .getByRole('button', { name: /add to cart/i })
        .first()
        .click()
      await expect(toast(page, /Added to Cart/i)).toBeVisible()
      await expectFits(page, 'the Added to Cart toast')
      await openDialog(page, page.getByRole('button', { name: 'Open cart' }), /cart/i, 'the cart sheet')
      await closeDialog(page)

      await page.goto('/checkout')
      await expect(page.getByLabel('State')).toBeVisible()
      await expectFits(page, '/checkout')
      // Below the fold is fine; cut off at the side is not.
      await page.getByLabel('Zelle').check()
      await atEveryWidth(page, async () => {
        const place = await page.getByRole('button', { name: 'Place Order' }).boundingBox()
        expect(place!.x + place!.width).toBeLessThanOrEqual(page.viewportSize()!.width)
      })
      await screenAt375(page, width, () =>
        screenshot(page, 'test-results/screens/phone-checkout-375.png', { fullPage: true }),
      )

      // A customer's own pages.
      const username = `phone${width}${Date.now() % 100_000}`
      const registered = await page.request.post('/api/register', {
        data: { username, password: 'correct horse battery', email: `${username}@example.com` },
      })
      expect(registered.status()).toBe(201)
      const orderId = await guestOrder(page, piece)
      for (const path of [
        '/account/profile',
        '/account/profile?tab=password',
        '/account/wishlist',
        '/account/orders',
      ]) {
        await page.goto(path)
        await expect(page.locator('main')).toBeVisible()
        await expectFits(page, path)
      }
      // The guest's order, from the confirmation e-mail's link.
      await expect.poll(() => confirmationLink(orderId), { timeout: 10_000 }).toBeTruthy()
      await page.goto(pathOf(confirmationLink(orderId)!))
      await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible()
      await expectFits(page, "a guest's order page")
    })

    test('every back-office page and dialog fits the screen', async ({ page }) => {
      await page.setViewportSize({ width, height: 740 })
      await signInAsOwner(page)
      const pieces = (await (await page.request.get('/api/products?sort=price-asc')).json()) as Listed[]
      const available = pieces.filter((piece) => piece.status === 'available' && piece.stockQuantity === 1)
      const orderId = await guestOrder(page, available[0]!)
      const inquiry = await page.request.post('/api/inquiries', {
        data: {
          name: 'Bartholomew Featherstonehaugh',
          email: 'bartholomew@example.com',
          subject: 'A question about the imperial green bangle and its certification papers',
          message: 'Could you tell me more about the certificate and the inner diameter?',
        },
      })
      expect(inquiry.ok()).toBe(true)

      for (const path of ADMIN_PAGES) {
        await page.goto(`/admin/${path}`)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expectFits(page, `/admin/${path}`)
      }

      // The drawer, with Logout on screen.
      if (phone) {
        await page.goto('/admin/orders')
        await openDialog(
          page,
          page.getByRole('button', { name: 'Open navigation' }),
          /navigation/i,
          'the drawer',
        )
        await atEveryWidth(page, () => expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport())
        await closeDialog(page)
      }

      // Orders: the tabs scroll in their own strip, the active one in view.
      await page.goto('/admin/orders?tab=completed')
      await atEveryWidth(page, () => expect(page.getByRole('tab', { name: /Completed/ })).toBeInViewport())
      await page.goto('/admin/orders')
      // The list as searched, not the one before it, dimmed while the search is asked for (the card
      // is in both, and axe would judge the dimmed one).
      const searched = page.waitForResponse((response) => {
        const url = new URL(response.url())
        return url.pathname === '/api/admin/orders' && url.searchParams.get('search') === String(orderId)
      })
      await page.getByRole('searchbox', { name: 'Search orders' }).fill(String(orderId))
      await searched
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      const card = page.getByRole('article', { name: `Order #${orderId}` })
      await expect(card).toBeVisible()
      await expectFits(page, 'the orders list')
      await screenAt375(page, width, () =>
        screenshot(page, 'test-results/screens/phone-orders-375.png', { fullPage: true }),
      )
      for (const [button, dialog] of [
        ['Confirm', /^Confirm \$[\d,.]+ received by Zelle$/],
        ['Record Payment', /Record Payment/],
        ['Payment Plan', /plan/i],
        ['Add Tracking Number', /tracking/i],
        [`Extend the reservation of order #${orderId}`, /reservation|extend/i],
        ['Cancel Order', /Cancel order/],
      ] as const) {
        const opened = await openDialog(page, card.getByRole('button', { name: button }), dialog, button)
        // The dialog's own buttons are on screen, not cut off at the side or below.
        const actions = opened.getByRole('button').last()
        await atEveryWidth(page, () => expect(actions).toBeInViewport())
        await closeDialog(page)
      }

      // The shopper's requests: the owner ticks the appointment off, and the card says when.
      const arranged = card.getByRole('checkbox', { name: 'Appointment arranged' })
      await arranged.click()
      await expect(arranged).toBeChecked()
      await expect(card.getByText(/Asked to see the pieces first · .+ C[SD]T/)).toBeVisible()
      await screenAt375(page, width, () =>
        screenshot(card, 'test-results/screens/phone-order-requests-375.png'),
      )

      // Products: the status chips, the edit dialog and the piece's sale.
      await page.goto('/admin/products')
      await expect(page.getByRole('button', { name: /Edit / }).first()).toBeVisible()
      await screenAt375(page, width, () =>
        screenshot(page, 'test-results/screens/phone-products-375.png', { fullPage: true }),
      )
      const edit = await openDialog(
        page,
        page.getByRole('button', { name: /^Edit / }).first(),
        'Edit Product',
        'Edit Product',
      )
      await atEveryWidth(page, () =>
        expect(edit.getByRole('button', { name: /Update Product|Save/ })).toBeInViewport(),
      )
      await closeDialog(page)
      await openDialog(
        page,
        page.getByRole('button', { name: /^Delete / }).first(),
        /Delete/,
        'the delete confirmation',
      )
      await closeDialog(page)
      // Import: choosing the files, and a preview with its table of row problems (never confirmed).
      const importing = await openDialog(
        page,
        page.getByRole('link', { name: 'Import' }),
        'Import Products',
        'Import',
      )
      await importing.getByLabel('CSV file').setInputFiles({
        name: 'products.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'Handle,Title,Body (HTML),Type,Variant SKU,Variant Price,Image Src\n' +
            'a-very-long-handle-for-a-piece-of-carved-celadon-jadeite-with-a-story,No,<p>Short</p>,Brooch,,abc,https://cdn.example.com/a-picture-with-a-rather-long-file-name.jpg\n',
        ),
      })
      await importing.getByRole('button', { name: 'Preview Import' }).click()
      const review = page.getByRole('dialog', { name: 'Check the Import' })
      await expect(review.getByRole('table', { name: 'Rows with problems' })).toBeVisible()
      await expectFits(page, 'the import preview')
      await closeDialog(page)

      // Sales: Record Sale's picker and its Mark as Sold form, the owner's screen at a fair.
      await page.goto('/admin/sales')
      const sale = await openDialog(
        page,
        page.getByRole('button', { name: 'Record Sale' }).first(),
        'Record Sale',
        'Record Sale',
      )
      await sale.getByRole('list', { name: 'Available pieces' }).getByRole('button').first().click()
      const form = page.getByRole('dialog', { name: 'Mark as Sold' })
      await expect(form.getByLabel('Final Sale Price ($)')).toBeVisible()
      await expectFits(page, 'Mark as Sold')
      const complete = form.getByRole('button', { name: 'Complete Sale' })
      await atEveryWidth(page, () => expect(complete).toBeInViewport({ ratio: 1 }))
      await screenAt375(page, width, () => screenshot(page, 'test-results/screens/phone-record-sale-375.png'))
      await form.getByLabel('Customer Name').fill('A collector at the Houston fair')
      await complete.click()
      await expect(form).toHaveCount(0)
      await openDialog(
        page,
        page.getByRole('button', { name: /^Details of / }).first(),
        /./,
        'the sale details',
      )
      await closeDialog(page)

      // Gift cards: the owner issues one; its code is shown once, in a dialog that fits a phone.
      await page.goto('/admin/gift-cards')
      const issuing = await openDialog(
        page,
        page.getByRole('button', { name: /^Issue (a )?gift card$/ }).first(),
        'Issue gift card',
        'Issue gift card',
      )
      await issuing.getByLabel('Amount ($)').fill('75')
      await issuing.getByLabel('Reason').fill(`A prize for the ${width} px walk`)
      await issuing.getByRole('button', { name: 'Issue card' }).click()
      const issuedDialog = page.getByRole('dialog', { name: 'Gift card issued' })
      await expect(issuedDialog).toBeVisible()
      // The dialog is the confirmation, announced by its own status line: no toast over its title.
      await expect(issuedDialog.getByRole('status')).toHaveText('Gift card issued')
      await expect(toast(page, 'Gift card issued')).toHaveCount(0)
      await expectFits(page, 'the issued gift card')
      await closeDialog(page)
      await expect(page.getByRole('main')).toContainText('$75.00')
      await expectFits(page, 'the gift cards list')

      // Inquiries: reading one, and deleting it.
      await page.goto('/admin/inquiries')
      await openDialog(
        page,
        page.getByRole('button', { name: /view/i }).first(),
        /certification/,
        'the inquiry',
        () => expect(toast(page, 'Inquiry marked as read')).toBeVisible(),
      )
      await closeDialog(page)

      // Accounts: the role and delete confirmations.
      await page.goto('/admin/accounts')
      const roleButton = page.getByRole('button', { name: /Make admin|Remove admin|admin/i }).first()
      if (await roleButton.count()) {
        await openDialog(page, roleButton, /./, 'the role confirmation')
        await closeDialog(page)
      }

      // Sales: searched by customer.
      await page.goto('/admin/sales')
      await page.getByRole('searchbox', { name: 'Search sales' }).fill('Houston fair')
      await expect(page).toHaveURL(/search=Houston/)
      await expect(page.getByRole('button', { name: /^Details of / }).first()).toBeVisible()
      await expectFits(page, 'the sales search')

      // A plan shopper's order page: the schedule and how to pay.
      const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
      const total = available[0]!.price + (available[0]!.price >= 100_000 ? 0 : 695)
      const plan = await page.request.put(`/api/orders/${orderId}/plan`, {
        data: {
          depositAmount: Math.floor(total / 3),
          installments: [
            { amount: Math.floor(total / 3), dueDate: day(30) },
            { amount: total - 2 * Math.floor(total / 3), dueDate: day(60) },
          ],
        },
      })
      expect(plan.ok()).toBe(true)
      await expect.poll(() => confirmationLink(orderId), { timeout: 10_000 }).toBeTruthy()
      await page.goto(pathOf(confirmationLink(orderId)!))
      await expect(page.getByRole('region', { name: 'Payment Plan' })).toBeVisible()
      await expectFits(page, "a plan shopper's order page")

      // The profile form asks for the password once the e-mail changes.
      await page.goto('/admin/profile')
      await page.getByRole('button', { name: 'Edit Profile' }).click()
      await page.getByLabel('Email', { exact: true }).fill(`owner.phone.${width}@example.com`)
      await expect(page.getByLabel('Current password (needed to change your email)')).toBeVisible()
      await expectFits(page, 'the profile form')

      // The category pictures' editor.
      await page.goto('/admin/category-images')
      await page.getByRole('button', { name: /edit/i }).first().click()
      await expectFits(page, 'the category editor')
    })
  })
}
