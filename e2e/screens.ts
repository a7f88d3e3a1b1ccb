import type { Locator, Page } from '@playwright/test'

/**
 * Whether the journeys leave their screenshots in test-results/screens, for a person to look at:
 * yes on a developer's machine, no in CI, where nobody does (E2E_SCREENS decides either way: 0,
 * false or no turns them off, anything else on). They are pictures, not checks: a full-page one
 * costs the browser half a second to a second on two cores, and the ~130 of them were a twelfth of
 * the journeys' time.
 */
export const TAKES_SCREENSHOTS = process.env.E2E_SCREENS
  ? !['0', 'false', 'no'].includes(process.env.E2E_SCREENS)
  : !process.env.CI

/** A screenshot of a page or of one part of it, at `path`, when the run takes them (TAKES_SCREENSHOTS). */
export async function screenshot(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}) {
  if (TAKES_SCREENSHOTS) await target.screenshot({ path, ...options })
}
