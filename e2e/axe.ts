import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** Resolves once nothing on the page is animating: a sheet sliding in or a dialog fading out. */
export const untilStill = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))

/**
 * Judges the page as a person sees it once it has stopped moving: a dialog fading out or a sheet
 * sliding in is half transparent, and its text would read as low contrast.
 */
class SettledAxeBuilder extends AxeBuilder {
  constructor(private readonly settledPage: Page) {
    super({ page: settledPage })
  }

  override async analyze(): ReturnType<AxeBuilder['analyze']> {
    await untilStill(this.settledPage)
    return super.analyze()
  }
}

/**
 * axe-core for `page`, as every journey runs it: once the page is still (SettledAxeBuilder),
 * violations only (passes and inapplicable rules are not collected), and in the page itself
 * (legacy mode). The default mode opens a blank page for every check to merge the frames' results,
 * which took longer than the check; the shop has no cross-origin frame for it to merge. About three
 * times faster per check on these machines.
 *
 * `scriptless` names the frames where nothing may run (a sandbox without allow-scripts, as the
 * campaign editor's e-mail preview): axe is neither injected there (the browser would log each
 * refusal as a console error) nor asked about them; the journey checks their document on its own.
 */
export const axeCheck = (page: Page, scriptless?: { frameUrl: RegExp; selector: string }) => {
  const frames = () => page.frames().filter((frame) => !scriptless?.frameUrl.test(frame.url()))
  const watched = scriptless
    ? new Proxy(page, { get: (target, key) => (key === 'frames' ? frames : Reflect.get(target, key)) })
    : page
  const builder = new SettledAxeBuilder(watched).setLegacyMode(true).options({ resultTypes: ['violations'] })
  return scriptless ? builder.exclude(scriptless.selector) : builder
}
