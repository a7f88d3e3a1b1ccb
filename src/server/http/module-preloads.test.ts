import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadModulePreloads } from './module-preloads'

// A build's manifest in small: the app's entry, the back office's shell and one screen, the
// account area. The router matches paths in any letter case, so these pages must too.
const clientDir = mkdtempSync(path.join(tmpdir(), 'module-preloads-'))
mkdirSync(path.join(clientDir, '.vite'))
writeFileSync(
  path.join(clientDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'src/client/entry-client.tsx': { file: 'assets/entry-client-1.js', imports: ['_framework.js'] },
    '_framework.js': { file: 'assets/framework-1.js' },
    'src/client/admin/admin-app.tsx': { file: 'assets/admin-app-1.js', imports: ['_framework.js'] },
    'src/client/admin/orders/orders-page.tsx': { file: 'assets/orders-page-1.js' },
    'src/client/account/account-area.tsx': { file: 'assets/account-area-1.js' },
  }),
)
afterAll(() => rmSync(clientDir, { recursive: true, force: true }))

const preloads = loadModulePreloads(
  clientDir,
  '<script type="module" src="/assets/entry-client-1.js"></script>',
)
const files = (url: string) => [...preloads(url).matchAll(/href="\/assets\/([^"]+)"/g)].map((m) => m[1])

describe("a page's module preloads", () => {
  it("name a back-office screen's chunk after the shell's, in any letter case of its address", () => {
    const orders = ['framework-1.js', 'admin-app-1.js', 'orders-page-1.js']
    expect(files('/admin/orders')).toEqual(orders)
    for (const url of ['/admin/Orders', '/Admin/ORDERS?tab=all', '/ADMIN/orders/12']) {
      expect(files(url), url).toEqual(orders)
    }
    // The sign-in page and a screen without a chunk of its own: the shell alone.
    expect(files('/Admin')).toEqual(['framework-1.js', 'admin-app-1.js'])
    expect(files('/admin/Nowhere')).toEqual(['framework-1.js', 'admin-app-1.js'])
  })

  it('name the account area in any letter case, and nothing on a storefront page', () => {
    expect(files('/Account/orders')).toEqual(['framework-1.js', 'account-area-1.js'])
    expect(files('/products')).toEqual([])
    expect(files('/administrator')).toEqual([])
  })
})
