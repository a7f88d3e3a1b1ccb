// Which back-office screen an address opens, and which module draws it, by name alone: the server
// names the screen's chunk in the page's head (http/module-preloads.ts) without knowing the
// client's sections.

/**
 * A back-office screen's own module: `/admin/<section>` is drawn by a `<section>-page.tsx` under
 * src/client/admin, a convention admin/page-modules.test.ts holds every section of sections.ts to.
 * Named too, the screen's chunk comes with the shell instead of after it has run.
 */
export const ADMIN_PAGE_MODULE = /^src\/client\/admin\/(?:[\w-]+\/)*([\w-]+)-page\.tsx$/

/**
 * The section an address opens, as sections.ts's sectionOf reads it: none for '/admin' itself (the
 * sign-in page). A screen within a section (`/admin/journal/new`) names the section's page. In any
 * letter case, as the router matches paths: `/Admin/Orders` opens the orders screen too.
 */
export function adminSectionOf(url: string): string | undefined {
  return /^\/admin\/([\w-]+)(?:[/?#]|$)/i.exec(url)?.[1]?.toLowerCase()
}
