// Debian's Chromium, as the end-to-end tests and the benchmarks launch it. The network here is
// closed: without these flags Chromium keeps reaching for Google's services and waiting on them.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
