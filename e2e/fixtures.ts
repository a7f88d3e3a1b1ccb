import { test as base, expect } from '@playwright/test'

/**
 * Pages are server-rendered: a button is on screen before React has hydrated it. Navigation here
 * waits for the app's hydration mark, as a person would wait for the page to finish loading.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      return response
    }
    const reload = page.reload.bind(page)
    page.reload = async (options) => {
      const response = await reload(options)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      return response
    }
    await use(page)
  },
})

export { expect }
