import { existsSync } from 'node:fs'

// Debian's Chromium, as the end-to-end tests and the benchmarks launch it. The network here is
// closed: without these flags Chromium keeps reaching for Google's services and waiting on them.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The browser the journeys drive: Debian's `chromium-headless-shell` when it is installed (.ci/run
 * installs it), else Chromium. The shell is the same Blink and V8 without the desktop browser
 * around them, the build Playwright itself runs headless; on the 2-core machine it took the
 * journeys from 5.8 to 4.8 min. The benchmarks keep the full browser a shopper runs.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
export const E2E_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH)

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
