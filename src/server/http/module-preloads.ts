import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ADMIN_PAGE_MODULE, adminSectionOf } from '../../shared/admin/page-modules'

// The back office and the account area are lazy chunks the storefront's entry never lists for
// preloading (vite.config.ts: every shopper would carry their file names). Opened cold, a browser
// then finds their modules one import at a time: about nine round trips before an admin screen's
// own code is even asked for. The server knows from the address which area a page opens, so it
// names the area's whole static import graph in the page's head, read from Vite's build manifest,
// and the browser fetches it at once.

/** One entry of Vite's `.vite/manifest.json`: a chunk and the chunks it imports statically. */
interface ManifestChunk {
  file: string
  imports?: string[]
}
type Manifest = Record<string, ManifestChunk>

// The app's own code comes first: on HTTP/1.1 a browser fetches six files at a time, in the order
// named, and the area's graph must not keep the boot script's imports waiting behind it.
const APP = 'src/client/entry-client.tsx'

/**
 * The areas whose pages preload their chunk's graph, by the source modules Vite keys them by. Their
 * addresses in any letter case, as the router matches them: `/Admin/Orders` draws the same screen.
 */
export const PRELOADED_AREAS = [
  { pages: /^\/admin(\/|\?|$)/i, modules: [APP, 'src/client/admin/admin-app.tsx'] },
  { pages: /^\/account(\/|\?|$)/i, modules: [APP, 'src/client/account/account-area.tsx'] },
] as const

/** The files of these chunks and of everything they import statically, each once, in that order. */
export function staticGraph(manifest: Manifest, keys: readonly string[]): string[] {
  const files: string[] = []
  const seen = new Set<string>()
  const visit = (name: string) => {
    if (seen.has(name)) return
    seen.add(name)
    const chunk = manifest[name]
    if (!chunk) return
    files.push(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return files
}

/**
 * For a page's address, the `<link rel="modulepreload">` tags of its area's graph and, for a
 * back-office screen, of its page's ('' for a storefront page, or without a manifest). Files the
 * template already names are left out, and each file is named once.
 */
export type ModulePreloads = (url: string) => string

export function loadModulePreloads(clientDir: string, template: string): ModulePreloads {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) return () => ''
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const links = (files: string[]) =>
    files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')
  const areas = PRELOADED_AREAS.map(({ pages, modules }) => {
    const files = staticGraph(manifest, modules).filter((file) => !template.includes(`/${file}"`))
    return { pages, files, links: links(files) }
  })
  const backOffice = areas.find(({ pages }) => pages.test('/admin'))
  const screens = new Map<string, string>()
  for (const key of Object.keys(manifest)) {
    const section = ADMIN_PAGE_MODULE.exec(key)?.[1]
    if (!section || !backOffice) continue
    const shell = new Set(backOffice.files)
    const own = staticGraph(manifest, [key]).filter(
      (file) => !shell.has(file) && !template.includes(`/${file}"`),
    )
    screens.set(section, backOffice.links + links(own))
  }
  return (url) => {
    const section = adminSectionOf(url)
    const screen = section === undefined ? undefined : screens.get(section)
    return screen ?? areas.find(({ pages }) => pages.test(url))?.links ?? ''
  }
}
