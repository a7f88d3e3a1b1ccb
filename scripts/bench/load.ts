import autocannon, { type Result } from 'autocannon'

const CONNECTIONS = 50
const WARMUP_S = 2
const SLICES = 5
const SLICE_S = 2
export const LOAD_PLAN = {
  connections: CONNECTIONS,
  warmupS: WARMUP_S,
  measuredS: SLICES * SLICE_S,
  slices: SLICES,
}

export interface LoadResult {
  requestsPerSecond: number
  /** Medians over the slices: a pause caused by something else on the machine stays one slice's. */
  p50Ms: number
  p99Ms: number
  /** The worst slice's p99, so such pauses are still visible. */
  worstP99Ms: number
  /** Non-2xx answers, socket errors and timeouts: any of them makes the numbers suspect. */
  failures: number
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

function combine(slices: Result[]): LoadResult {
  const requests = slices.reduce((sum, slice) => sum + slice.requests.total, 0)
  const seconds = slices.reduce((sum, slice) => sum + slice.duration, 0)
  return {
    requestsPerSecond: requests / seconds,
    p50Ms: median(slices.map((slice) => slice.latency.p50)),
    p99Ms: median(slices.map((slice) => slice.latency.p99)),
    worstP99Ms: Math.max(...slices.map((slice) => slice.latency.p99)),
    failures: slices.reduce((sum, slice) => sum + slice.non2xx + slice.errors + slice.timeouts, 0),
  }
}

/**
 * Loads the app and the bare server one at a time (each gets a core, autocannon the other), in
 * alternating 2 s slices rather than 10 s of one then 10 s of the other: on a machine shared with
 * other work, load that comes and goes then weighs on both sides of the ratio alike. autocannon sends
 * no accept-encoding, so both answer the same uncompressed bytes. The warm-up brings both to steady
 * state (JIT, caches) first.
 */
export async function loadPair(
  appUrl: string,
  bareUrl: string,
  connections = CONNECTIONS,
): Promise<{ app: LoadResult; bare: LoadResult }> {
  const run = (url: string, duration: number) => autocannon({ url, connections, duration })
  await run(appUrl, WARMUP_S)
  await run(bareUrl, WARMUP_S)
  const app: Result[] = []
  const bare: Result[] = []
  for (let slice = 0; slice < SLICES; slice++) {
    // ABBA order, so neither side always follows the other.
    if (slice % 2 === 0) {
      app.push(await run(appUrl, SLICE_S))
      bare.push(await run(bareUrl, SLICE_S))
    } else {
      bare.push(await run(bareUrl, SLICE_S))
      app.push(await run(appUrl, SLICE_S))
    }
  }
  return { app: combine(app), bare: combine(bare) }
}
