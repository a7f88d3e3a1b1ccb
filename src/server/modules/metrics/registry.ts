import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

// The shop's Prometheus metrics, one set per process (as Prometheus scrapes a process). Modules
// count through the small functions below and never see prom-client; GET /metrics (plugin.ts)
// reads the registry. Names follow Prometheus' conventions: a `jade_` prefix, base units, `_total`
// for counters.

export const metricsRegistry = new Registry()

// CPU, memory, heap, event-loop lag, handles, garbage collection: prom-client's standard set.
collectDefaultMetrics({ register: metricsRegistry })

/** Requests by route pattern (never the raw URL: one series per route, not per product id). */
export const httpRequestDuration = new Histogram({
  name: 'jade_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status: counts (_count) and durations',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
})

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
  help: 'How long the oldest unsent e-mail has waited (0 when none)',
  registers: [metricsRegistry],
})
export const dbPoolConnections = new Gauge({
  name: 'jade_db_pool_connections',
  help: "This instance's database connections, by state (in_use, idle)",
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
})
export const dbPoolWaiting = new Gauge({
  name: 'jade_db_pool_waiting_requests',
  help: 'Queries waiting for a free database connection',
  registers: [metricsRegistry],
})
