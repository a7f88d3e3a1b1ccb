import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * axe-core for `page`, as every journey runs it: violations only (passes and inapplicable rules
 * are not collected), and in the page itself (legacy mode). The default mode opens a blank page for
 * every check to merge the frames' results, which took longer than the check; the shop has no
 * cross-origin frame for it to merge. About three times faster per check on these machines.
 */
export const axeCheck = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] })
