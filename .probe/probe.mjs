import { chromium } from '@playwright/test'
const [,, path, widthArg, admin] = process.argv
const width = Number(widthArg ?? 375)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] })
const page = await browser.newPage({ viewport: { width, height: 740 } })
const base = 'http://127.0.0.1:4207'
if (admin) {
  await page.goto(base + '/admin')
  await page.getByLabel('Username').fill('e2e-owner')
  await page.getByLabel('Password').fill('e2e-owner-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/dashboard/)
}
await page.goto(base + path)
await page.waitForTimeout(1500)
const r = await page.evaluate(() => {
  const width = innerWidth
  const out = []
  const chain = (el) => { const a=[]; for (let e=el;e&&e!==document.body;e=e.parentElement){const b=e.getBoundingClientRect(); a.push(`${e.tagName}.${String(e.className).slice(0,50)}[${Math.round(b.width)}]`)} return a.slice(0,8).join(' < ') }
  for (const el of document.querySelectorAll('body *')) {
    const b = el.getBoundingClientRect()
    let clipped = false
    for (let u = el.parentElement; u && u !== document.body; u = u.parentElement) { const st = getComputedStyle(u); if (st.overflowX !== 'visible' || st.position === 'fixed' || u.tagName === 'FOOTER') clipped = true }
    if (!clipped && b.right > width + 1 && b.width > 0) {
      if ([...el.children].some(c => c.getBoundingClientRect().right > width+1)) continue
      out.push(`${Math.round(b.right)} ${chain(el)}`)
    }
  }
  return { sw: document.documentElement.scrollWidth, out: out.slice(0, 12) }
})
console.log(JSON.stringify(r, null, 1))
if (process.argv[5]) await page.screenshot({ path: process.argv[5], fullPage: true })
await browser.close()
