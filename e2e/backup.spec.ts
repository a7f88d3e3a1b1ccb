import { readFileSync } from 'node:fs'
import { expect, signInAsOwner, test } from './fixtures'

// The owner keeps a copy of the shop: one click on the dashboard downloads the whole shop as one
// archive (the database and every uploaded picture), which `npm run restore` takes back.

/** The names of the entries of a tar archive (512-byte headers, each followed by its data). */
function tarEntries(archive: Buffer): { name: string; size: number }[] {
  const entries: { name: string; size: number }[] = []
  let offset = 0
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512)
    const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '')
    if (!name) break
    const size = Number.parseInt(header.toString('utf8', 124, 136).replace(/\0.*$/s, '').trim(), 8)
    entries.push({ name, size })
    offset += 512 + Math.ceil(size / 512) * 512
  }
  return entries
}

test('the owner downloads a backup of the whole shop from the dashboard', async ({ page }) => {
  await signInAsOwner(page)
  await page.goto('/admin/dashboard')
  const button = page.getByRole('link', { name: 'Download backup' })
  await button.scrollIntoViewIfNeeded()
  await expect(button).toBeVisible()

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
  expect(download.suggestedFilename()).toMatch(/^jade-shop-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar$/)
  const archive = readFileSync((await download.path())!)
  const entries = tarEntries(archive)
  expect(entries[0]?.name).toBe('manifest.json')
  expect(entries.at(-1)?.name).toBe('complete.json')
  expect(entries.map((entry) => entry.name)).toContain('database.pglite.tar.gz')
  // The demo catalogue's pictures are in it.
  expect(entries.filter((entry) => /^uploads\/.+\.webp$/.test(entry.name)).length).toBeGreaterThan(20)
  // Still on the dashboard: the download did not navigate away.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
})
