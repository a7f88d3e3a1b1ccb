// Renders the piece-alert e-mails (issue 25) to HTML and screenshots them in Chromium at 375 and
// 1440 px, as a mail client would show them: `npx tsx scripts/render-piece-alert-mails.tsx <dir>`.
// The pictures are the demo catalogue's, drawn by the seed's artwork (no network).
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import {
  pieceAlertConfirmationMail,
  similarPieceMail,
} from '../src/server/modules/mail/templates/piece-alert-mails'
import { productSvgs, rasterise } from '../src/server/modules/seed/demo-images'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'

const out = path.resolve(process.argv[2] ?? 'test-results/mails')
mkdirSync(out, { recursive: true })
const store = {
  name: 'Jade Shop',
  email: 'hello@jadeshop.example',
  phone: '(713) 555-0123',
  freeShippingThresholdCents: 15_000,
  flatShippingCents: 695,
}
const shop = 'https://jadeshop.example'

async function picture(name: string, svg: string): Promise<string> {
  const file = path.join(out, `${name}.png`)
  writeFileSync(file, await rasterise(svg))
  return `file://${file}`
}

const bangle = await picture('bangle', productSvgs({ kind: 'bangle', jade: 'imperial' }, 3)[0]!)
const lavender = await picture(
  'lavender',
  productSvgs({ kind: 'bangle', jade: 'lavender', slim: true }, 7)[0]!,
)
const token = '42.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ'
const mails = {
  'piece-alert': similarPieceMail(
    'mei.lin@example.com',
    {
      category: 'bangles',
      pieces: [
        {
          name: 'Imperial Green Jadeite Bangle',
          price: 248_000,
          originalPrice: null,
          url: `${shop}/product/12`,
          imageUrl: bangle,
          imageAlt: 'Imperial green jadeite bangle on ivory',
        },
      ],
      categoryUrl: `${shop}/products/category/bangles`,
      unsubscribeUrl: `${shop}/alerts/unsubscribe?token=${token}`,
      oneClickUrl: `${shop}/api/alerts/one-click-unsubscribe?token=${token}`,
    },
    store,
  ),
  'piece-alert-two': similarPieceMail(
    'mei.lin@example.com',
    {
      category: 'bangles',
      pieces: [
        {
          name: 'Imperial Green Jadeite Bangle',
          price: 248_000,
          originalPrice: 265_000,
          url: `${shop}/product/12`,
          imageUrl: bangle,
          imageAlt: 'Imperial green jadeite bangle',
        },
        {
          name: 'Lavender Slim Bangle',
          price: 96_000,
          originalPrice: null,
          url: `${shop}/product/13`,
          imageUrl: lavender,
          imageAlt: 'Lavender jadeite bangle',
        },
      ],
      categoryUrl: `${shop}/products/category/bangles`,
      unsubscribeUrl: `${shop}/alerts/unsubscribe?token=${token}`,
      oneClickUrl: `${shop}/api/alerts/one-click-unsubscribe?token=${token}`,
    },
    store,
  ),
  'piece-alert-confirmation': pieceAlertConfirmationMail(
    'mei.lin@example.com',
    `${shop}/alerts/confirm?token=abc`,
    { category: 'bangles', pieceName: 'Apple Green Jadeite Bangle' },
    store,
  ),
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
for (const [name, mail] of Object.entries(mails)) {
  const file = path.join(out, `${name}.html`)
  writeFileSync(file, mail.html!)
  for (const width of [375, 1440]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    await page.goto(`file://${file}`)
    await page.screenshot({ path: path.join(out, `mail-${name}-${width}.png`), fullPage: true })
    await page.close()
  }
  console.info(`${name}: ${mail.subject} | ${JSON.stringify(mail.headers ?? {})}`)
}
await browser.close()
