import { describe } from 'vitest'
import { loadSsrBundle, type SsrBundle } from '../http/ssr'

/**
 * The production build's renderer, for suites that render pages (`npm test` builds before them).
 * Run alone without a build, such a suite is skipped with the command that makes one; in CI a
 * missing build is a failure, never a quiet skip.
 */
export async function builtPages(suite: string): Promise<{
  bundle: SsrBundle | undefined
  describeBuilt: typeof describe | ReturnType<typeof describe.skipIf>
}> {
  const bundle = await loadSsrBundle()
  if (!bundle) {
    if (process.env.CI) throw new Error('No build found: run `npm run build` before this suite')
    console.warn(`${suite}: skipped, no build found; run \`npm run build\` first to render pages`)
  }
  return { bundle, describeBuilt: describe.skipIf(!bundle) }
}
