import type { Frame, Page } from '@playwright/test'
import axe, { type AxeResults, type RunOptions } from 'axe-core'

/** Resolves once nothing on the page is animating: a sheet sliding in or a dialog fading out. */
export const untilStill = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))

type AxeWindow = Window & { axe?: typeof axe }
/** Marks the document axe was put into: axe holds the document it was loaded in, not the window's next one. */
type MarkedDocument = Document & { axeInjected?: true }

/**
 * axe-core in `frame`'s document, put there once: a page checked again after a dialog opens, or
 * after a client-side navigation, still has it. @axe-core/playwright sent the 500 KB engine twice
 * per check, and the browser compiled it each time: 0.5 to 0.7 s of a 1.2 s check on the 2-core
 * machine (the 320 px back-office walk took 72 s with it, 60 s without).
 */
async function ensureAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => (document as MarkedDocument).axeInjected === true)) return
  await frame.evaluate(axe.source)
  // As @axe-core/playwright's legacy mode: frames of the shop's own origin report to the page.
  await frame.evaluate(() => {
    ;(window as AxeWindow).axe!.configure({
      allowedOrigins: ['<same_origin>'],
      branding: { application: 'playwright' },
    })
    ;(document as MarkedDocument).axeInjected = true
  })
}

/**
 * A check of one page with axe-core, in the style of @axe-core/playwright's builder: what to
 * include and exclude, which tags or rules, then `analyze()`.
 *
 * It judges the page as a person sees it once it has stopped moving (a dialog fading out or a
 * sheet sliding in is half transparent, and its text would read as low contrast), collects
 * violations only (not passes or inapplicable rules), and runs in the page itself, asking the
 * shop's own frames through axe's frame messaging (the builder's legacy mode; the default opens a
 * blank page for every check to merge frames' results, and the shop has no cross-origin frame).
 */
export class AxeCheck {
  private readonly includes: string[] = []
  private readonly excludes: string[] = []
  private runOptions: RunOptions = { resultTypes: ['violations'] }

  constructor(
    private readonly page: Page,
    /** Frames where nothing may run: axe is neither injected there nor asked about them. */
    private readonly scriptless?: { frameUrl: RegExp; selector: string },
  ) {
    if (scriptless) this.excludes.push(scriptless.selector)
  }

  include(selector: string): this {
    this.includes.push(selector)
    return this
  }

  exclude(selector: string): this {
    this.excludes.push(selector)
    return this
  }

  withTags(tags: string[]): this {
    this.runOptions = { ...this.runOptions, runOnly: { type: 'tag', values: tags } }
    return this
  }

  disableRules(rules: string[]): this {
    this.runOptions = {
      ...this.runOptions,
      rules: Object.fromEntries(rules.map((rule) => [rule, { enabled: false }])),
    }
    return this
  }

  async analyze(): Promise<AxeResults> {
    await untilStill(this.page)
    const main = this.page.mainFrame()
    await ensureAxe(main)
    for (const frame of this.page.frames()) {
      if (frame === main || this.scriptless?.frameUrl.test(frame.url())) continue
      // A frame going away while it is asked is not the check's business; any other failure is.
      await ensureAxe(frame).catch((error: unknown) => {
        if (!frame.isDetached()) throw error
      })
    }
    // As the builder sends it: no include means the whole document.
    const context = { include: this.includes, exclude: this.excludes }
    return main.evaluate(
      ({ context, options }) => (window as AxeWindow).axe!.run(context as axe.ElementContext, options),
      { context, options: this.runOptions },
    )
  }
}

/**
 * axe-core for `page`, as every journey runs it (AxeCheck). `scriptless` names the frames where
 * nothing may run (a sandbox without allow-scripts, as the campaign editor's e-mail preview): the
 * browser would log each refusal to inject as a console error; the journey checks their document
 * on its own.
 */
export const axeCheck = (page: Page, scriptless?: { frameUrl: RegExp; selector: string }) =>
  new AxeCheck(page, scriptless)
