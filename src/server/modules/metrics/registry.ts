import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client'

// The shop's Prometheus metrics, one set per process (as Prometheus scrapes a process). Modules
// count through the small functions below and never see prom-client; GET /metrics (plugin.ts)
// reads the registry. Names follow Prometheus' conventions: a `jade_` prefix, base units, `_total`
// for counters.

export const metricsRegistry = new Registry()

// CPU, memory, heap, event-loop lag, handles, garbage collection: prom-client's standard set.
collectDefaultMetrics({ register: metricsRegistry })

const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
/** The method's place in METHODS; any other method shares the last slot, labelled OTHER. */
function methodIndex(method: string): number {
  const index = METHODS.indexOf(method)
  return index === -1 ? METHODS.length : index
}

interface DurationSeries {
  labels: { method: string; route: string; status_code: string }
  /** Per bucket (not cumulative), the last one past the largest bound. */
  counts: Float64Array
  sum: number
  count: number
}

/**
 * Requests by method, route pattern (never the raw URL: one series per route, not per product)
 * and status, with their durations: a Prometheus histogram whose `_count` is the request count.
 * Written for the hot path: prom-client's own histogram spends about a microsecond of CPU per
 * observation (it hashes the labels each time), a sizeable share of the ~40 µs the cached listing
 * costs; this one is two map lookups and three additions (about 50 ns), and builds the exposition
 * when scraped.
 */
class RequestDurations {
  readonly name = 'jade_http_request_duration_seconds'
  readonly help = 'HTTP requests by method, route pattern and status: counts (_count) and durations'
  readonly type = 'histogram'
  readonly aggregator = 'sum'
  readonly labelNames = ['method', 'route', 'status_code']
  // By route, then status and method: a route's pattern is the same string object on every request
  // (its hash is computed once), and no key is built per request.
  private readonly byRoute = new Map<string, Map<number, DurationSeries>>()

  observe(method: string, route: string, status: number, seconds: number): void {
    let byStatus = this.byRoute.get(route)
    if (!byStatus) {
      byStatus = new Map()
      this.byRoute.set(route, byStatus)
    }
    // Status and method in one number: a handful of methods, statuses below 1000.
    const methodSlot = methodIndex(method)
    const code = status * 16 + methodSlot
    let series = byStatus.get(code)
    if (!series) {
      series = {
        labels: { method: METHODS[methodSlot] ?? 'OTHER', route, status_code: String(status) },
        counts: new Float64Array(DURATION_BUCKETS.length + 1),
        sum: 0,
        count: 0,
      }
      byStatus.set(code, series)
    }
    let bucket = 0
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1
    series.counts[bucket]! += 1
    series.sum += seconds
    series.count += 1
  }

  /** prom-client's metric shape: the registry formats it with the others. */
  get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = []
    const all = [...this.byRoute.values()].flatMap((byStatus) => [...byStatus.values()])
    for (const { labels, counts, sum, count } of all) {
      let cumulative = 0
      DURATION_BUCKETS.forEach((bound, index) => {
        cumulative += counts[index]!
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { ...labels, le: bound },
          value: cumulative,
        })
      })
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count })
      values.push({ metricName: `${this.name}_sum`, labels, value: sum })
      values.push({ metricName: `${this.name}_count`, labels, value: count })
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values }
  }

  reset(): void {
    this.byRoute.clear()
  }
}

export const requestDurations = new RequestDurations()
metricsRegistry.registerMetric(requestDurations as unknown as Parameters<Registry['registerMetric']>[0])

const ordersPlaced = new Counter({
  name: 'jade_orders_placed_total',
  help: 'Orders placed, by payment method',
  labelNames: ['payment_method'] as const,
  registers: [metricsRegistry],
})

export function countOrderPlaced(paymentMethod: string): void {
  ordersPlaced.inc({ payment_method: paymentMethod })
}

const cacheHits = new Counter({
  name: 'jade_cache_hits_total',
  help: 'Answers served from an in-memory cache, by cache',
  labelNames: ['cache'] as const,
  registers: [metricsRegistry],
})
const cacheMisses = new Counter({
  name: 'jade_cache_misses_total',
  help: 'Answers an in-memory cache had to build, by cache',
  labelNames: ['cache'] as const,
  registers: [metricsRegistry],
})

/**
 * What any cache counts (the listing, the page cache): `const counts = cacheCounter('pages')`, then
 * `counts.hit()` or `counts.miss()` per lookup. The labelled series are bound once, so a count
 * costs an addition on the hot path.
 */
export function cacheCounter(cache: string): { hit(): void; miss(): void } {
  const hits = cacheHits.labels(cache)
  const misses = cacheMisses.labels(cache)
  return { hit: () => hits.inc(), miss: () => misses.inc() }
}

const jobRuns = new Counter({
  name: 'jade_job_runs_total',
  help: 'Background job batches run (a sweep, the reservation and reminder jobs), by job',
  labelNames: ['job'] as const,
  registers: [metricsRegistry],
})
const jobFailures = new Counter({
  name: 'jade_job_failures_total',
  help: 'Background job runs that failed, by job',
  labelNames: ['job'] as const,
  registers: [metricsRegistry],
})
const jobItemsHandled = new Counter({
  name: 'jade_job_items_handled_total',
  help: 'Rows a background job handled (deleted, reminded, cancelled), by job',
  labelNames: ['job'] as const,
  registers: [metricsRegistry],
})
const jobRoundsSkipped = new Counter({
  name: 'jade_job_rounds_skipped_total',
  help: 'Job rounds left to another instance that held the round lock, by runner',
  labelNames: ['runner'] as const,
  registers: [metricsRegistry],
})

export const jobMetrics = {
  ran: (job: string, handled: number) => {
    jobRuns.inc({ job })
    if (handled > 0) jobItemsHandled.inc({ job }, handled)
  },
  failed: (job: string) => jobFailures.inc({ job }),
  skipped: (runner: string) => jobRoundsSkipped.inc({ runner }),
}

// Read from the database at scrape time (plugin.ts sets them), so they are true on every instance.
export const outboxPending = new Gauge({
  name: 'jade_outbox_pending_messages',
  help: 'E-mails queued in the outbox and not yet sent',
  registers: [metricsRegistry],
})
export const outboxOldestAge = new Gauge({
  name: 'jade_outbox_oldest_pending_age_seconds',
  help: 'How long the oldest unsent shop e-mail (not campaign mail, which is paced) has waited (0 when none)',
  registers: [metricsRegistry],
})
export const dbPoolConnections = new Gauge({
  name: 'jade_db_pool_connections',
  help: "This instance's database connections, by state (in_use, idle)",
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
})
export const dbReachable = new Gauge({
  name: 'jade_database_reachable',
  help: "1 while this instance's probe reaches the database, 0 while it cannot (what /readyz follows)",
  registers: [metricsRegistry],
})
export const dbPoolWaiting = new Gauge({
  name: 'jade_db_pool_waiting_requests',
  help: 'Queries waiting for a free database connection',
  registers: [metricsRegistry],
})
