import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ADMIN_PAGE_MODULE, adminSectionOf } from '../../shared/admin/page-modules'
import { ADMIN_SECTIONS, sectionOf } from './sections'

// The server (http/module-preloads.ts) names a back-office screen's own chunk from its address
// alone: `/admin/<section>` is drawn by `<section>-page.tsx`. A section whose page breaks the
// convention would load its code after the shell again, silently; these tests fail instead.

const ROOT = path.resolve(import.meta.dirname, '../../..')

describe("a back-office screen's page module", () => {
  it.each(ADMIN_SECTIONS.map((section) => [section.path, section] as const))(
    '/admin/%s is drawn by the page its name gives',
    (sectionPath, section) => {
      // As written, `import('./x/x-page')`; as the test runner compiles it, its absolute path.
      const loader = section.page.chunk.toString()
      const specifier = /import\w*\(\s*["'`]([^"'`]+)["'`]/.exec(loader)?.[1]
      expect(specifier, `the import in ${loader}`).toBeDefined()
      const module = specifier!.startsWith('./')
        ? `src/client/admin/${specifier!.slice(2).replace(/\.tsx$/, '')}.tsx`
        : specifier!.replace(/^\//, '')
      expect(existsSync(path.join(ROOT, module)), module).toBe(true)
      expect(ADMIN_PAGE_MODULE.exec(module)?.[1]).toBe(sectionPath)
      expect(adminSectionOf(`/admin/${sectionPath}`)).toBe(sectionPath)
    },
  )

  it('reads the section from any address of it, and none from the sign-in page', () => {
    expect(adminSectionOf('/admin')).toBeUndefined()
    expect(adminSectionOf('/admin/')).toBeUndefined()
    expect(adminSectionOf('/admin?x=1')).toBeUndefined()
    expect(adminSectionOf('/admin/dashboard')).toBe('dashboard')
    expect(adminSectionOf('/admin/orders?tab=all')).toBe('orders')
    expect(adminSectionOf('/admin/journal/new')).toBe('journal')
    expect(adminSectionOf('/administrator')).toBeUndefined()
    expect(adminSectionOf('/products')).toBeUndefined()
  })

  it('reads it in any letter case, as the router matches the path, and as the browser does', () => {
    for (const url of ['/Admin/Orders', '/ADMIN/orders?tab=all', '/admin/ORDERS/12']) {
      expect(adminSectionOf(url)).toBe('orders')
      expect(sectionOf(url)?.path).toBe('orders')
    }
    expect(adminSectionOf('/Admin')).toBeUndefined()
    expect(sectionOf('/Admin')).toBeUndefined()
    expect(adminSectionOf('/Administrator/orders')).toBeUndefined()
  })
})
