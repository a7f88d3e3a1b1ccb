import { readFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import pg from 'pg'
import { signIn, withScratchDatabase } from './catalog'
import { machineSeconds } from './cpu'
import { bounded, percentile } from './http-client'
import { type AppServer, removeTempDir, startApp, stopChild } from './processes'
import {
  type Action,
  type Answer,
  createPieces,
  registerShoppers,
  request,
  shopperTraffic,
} from './soak-traffic'

// A long run of mixed traffic on PostgreSQL (issue 39): what a shop meets over an ordinary stretch
// of the day, at a steady rate, watched for what only time shows: memory that keeps growing,
// latency that drifts, errors that come now and then, and an order answered 200 that the database
// does not hold (or holds twice).

const minutes = Number(process.env.SOAK_MINUTES || 10)
export const SOAK_PLAN = {
  /** SOAK_MINUTES: 10 for the figures, 1 to try the part. */
  minutes,
  /** SOAK_RPS: shopper actions started per second (a cart add is two requests), open loop. */
  actionsPerSecond: Number(process.env.SOAK_RPS || 20),
  /** Actions on their way at most; past it the next waits (and the rate it missed is reported). */
  maxInFlight: 64,
  pieces: 500,
  /** Each piece is one of a few: orders pick at random and never run a piece out. */
  stock: 25,
  /** Registered shoppers signing in in turn, each well inside the sign-in limits over the run. */
  shoppers: 200,
  /** Memory is judged after this: the JIT, the caches and the pool filling are not a leak. */
  warmupMinutes: Math.min(1, minutes / 5),
  rssEveryS: 5,
}
export const SOAK_TARGETS = {
  /** Flat memory after the warm-up. */
  maxRssSlopeMbPerMinute: 1,
  /** No drift: the last minute's p99 within this factor of the steady minutes' median p99 (+5 ms). */
  maxP99Drift: 1.5,
}

export interface SoakMinute {
  minute: number
  requests: number
  p50Ms: number
  p99Ms: number
  errors: number
  /** The server's resident memory at the minute's end. */
  rssMb: number
  /** Share of both cores busy over the minute, other engineers' work included, and the load average. */
  machineBusy: number
  loadAverage: number
}

export interface SoakResult {
  minutes: number
  actionsPerSecond: number
  requests: number
  requestsByAction: Record<string, number>
  /** Actions started late because maxInFlight were on their way: the shop fell behind the rate. */
  lateStarts: number
  minutesTable: SoakMinute[]
  rssStartMb: number
  rssAfterWarmupMb: number
  rssEndMb: number
  rssSlopeMbPerMinute: number
  p99Ms: number
  /** Every answer of 400 or more, and every request that failed, by status and action. */
  errors: Record<string, number>
  checkoutsAnswered200: number
  ordersInDatabase: number
  loadAverageStart: number
  pass: boolean
}
export type SoakOutcome = SoakResult | { error: string }

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb ?? 0) / 1024
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length
  if (n < 2) return 0
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n
  const sxy = points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0)
  const sxx = points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0)
  return sxx === 0 ? 0 : sxy / sxx
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)

async function measure(databaseUrl: string): Promise<SoakResult> {
  let app: AppServer | undefined
  const db = new pg.Client({ connectionString: databaseUrl })
  const agent = new http.Agent({ keepAlive: true, maxSockets: SOAK_PLAN.maxInFlight })
  try {
    app = await startApp({ databaseUrl, seedDemo: false })
    const server = app
    await db.connect()
    const cookie = await signIn(server.baseUrl)
    console.info(`soak: creating ${SOAK_PLAN.pieces} pieces and ${SOAK_PLAN.shoppers} shoppers`)
    const pieces = await createPieces(server, cookie, SOAK_PLAN)
    const shoppers = await registerShoppers(server, SOAK_PLAN.shoppers)

    const pid = server.process.pid!
    const base = server.baseUrl
    const samples: { at: number; ms: number; failed: boolean }[] = []
    const errors: Record<string, number> = {}
    const requestsByAction: Record<string, number> = {}
    const note = (action: Action, answer: Answer, at: number) => {
      requestsByAction[action] = (requestsByAction[action] ?? 0) + 1
      const failed = answer.status === 'error' || answer.status >= 400
      samples.push({ at, ms: answer.ms, failed })
      if (failed) {
        const key = `${answer.status} ${action}`
        errors[key] = (errors[key] ?? 0) + 1
        if (errors[key] === 1) console.error(`soak: ${key}: ${answer.body.slice(0, 300)}`)
      }
      return answer
    }

    const traffic = shopperTraffic({ agent, base, pieces, shoppers, note })
    // Every page and piece asked for once before the clock starts: the caches then hold what the
    // run will ask for, so memory they fill up to their bounds is not read as growth.
    console.info('soak: visiting every page once')
    await bounded(traffic.everyPage, 4, async (path) => {
      const answer = await request(agent, `${base}${path}`)
      if (answer.status !== 200) throw new Error(`warming up, GET ${path}: ${answer.status} ${answer.body}`)
    })

    const durationMs = SOAK_PLAN.minutes * 60_000
    const loadAverageStart = os.loadavg()[0] ?? 0
    console.info(
      `soak: ${SOAK_PLAN.minutes} min at ${SOAK_PLAN.actionsPerSecond} actions/s (load average ${loadAverageStart.toFixed(2)})`,
    )
    const started = performance.now()
    const elapsed = () => performance.now() - started
    const rss: { x: number; y: number }[] = [{ x: 0, y: rssMb(pid) }]
    const minuteMarks: { rssMb: number; machine: ReturnType<typeof machineSeconds>; load: number }[] = []
    let machineBefore = machineSeconds()
    const sampler = setInterval(() => {
      rss.push({ x: elapsed() / 60_000, y: rssMb(pid) })
    }, SOAK_PLAN.rssEveryS * 1000)
    const minuteTimer = setInterval(() => {
      const machine = machineSeconds()
      minuteMarks.push({
        rssMb: rssMb(pid),
        machine: diff(machine, machineBefore),
        load: os.loadavg()[0] ?? 0,
      })
      machineBefore = machine
    }, 60_000)
    const diff = (a: ReturnType<typeof machineSeconds>, b: ReturnType<typeof machineSeconds>) => ({
      busy: a.busy - b.busy,
      total: a.total - b.total,
    })

    let inFlight = 0
    let lateStarts = 0
    const running = new Set<Promise<void>>()
    const interval = 1000 / SOAK_PLAN.actionsPerSecond
    let nextAt = 0
    try {
      while (nextAt < durationMs) {
        const wait = nextAt - elapsed()
        if (wait > 0) await sleep(wait)
        if (inFlight >= SOAK_PLAN.maxInFlight) {
          lateStarts++
          await Promise.race(running)
        }
        inFlight++
        const task = traffic.actions[traffic.chooseAction()](elapsed).finally(() => {
          inFlight--
          running.delete(task)
        })
        running.add(task)
        nextAt += interval
      }
      await Promise.all(running)
    } finally {
      clearInterval(sampler)
      clearInterval(minuteTimer)
    }
    rss.push({ x: elapsed() / 60_000, y: rssMb(pid) })
    if (minuteMarks.length < SOAK_PLAN.minutes) {
      const machine = machineSeconds()
      minuteMarks.push({
        rssMb: rssMb(pid),
        machine: diff(machine, machineBefore),
        load: os.loadavg()[0] ?? 0,
      })
    }

    const minutesTable: SoakMinute[] = minuteMarks.map((mark, minute) => {
      const inMinute = samples.filter((sample) => Math.floor(sample.at / 60_000) === minute)
      const times = sorted(inMinute.map((sample) => sample.ms))
      return {
        minute: minute + 1,
        requests: inMinute.length,
        p50Ms: percentile(times, 50),
        p99Ms: percentile(times, 99),
        errors: inMinute.filter((sample) => sample.failed).length,
        rssMb: mark.rssMb,
        machineBusy: mark.machine.total > 0 ? mark.machine.busy / mark.machine.total : 0,
        loadAverage: mark.load,
      }
    })
    const afterWarmup = rss.filter((point) => point.x >= SOAK_PLAN.warmupMinutes)
    const rssSlopeMbPerMinute = slope(afterWarmup)
    const { rows } = await db.query<{ orders: number }>('select count(*)::int as orders from orders')
    const ordersInDatabase = rows[0]!.orders
    const steady = minutesTable.slice(Math.ceil(SOAK_PLAN.warmupMinutes))
    const steadyMedianP99 = steady.length
      ? sorted(steady.map((m) => m.p99Ms))[Math.floor(steady.length / 2)]!
      : 0
    const lastP99 = minutesTable.at(-1)?.p99Ms ?? 0
    return {
      minutes: SOAK_PLAN.minutes,
      actionsPerSecond: SOAK_PLAN.actionsPerSecond,
      requests: samples.length,
      requestsByAction,
      lateStarts,
      minutesTable,
      rssStartMb: rss[0]!.y,
      rssAfterWarmupMb: afterWarmup[0]?.y ?? rss[0]!.y,
      rssEndMb: rss.at(-1)!.y,
      rssSlopeMbPerMinute,
      p99Ms: percentile(sorted(samples.map((sample) => sample.ms)), 99),
      errors,
      checkoutsAnswered200: traffic.checkouts200,
      ordersInDatabase,
      loadAverageStart,
      pass:
        Object.keys(errors).length === 0 &&
        ordersInDatabase === traffic.checkouts200 &&
        rssSlopeMbPerMinute < SOAK_TARGETS.maxRssSlopeMbPerMinute &&
        lastP99 <= steadyMedianP99 * SOAK_TARGETS.maxP99Drift + 5,
    }
  } finally {
    agent.destroy()
    await db.end().catch(() => {})
    if (app) {
      await stopChild(app)
      removeTempDir(app.dataDir)
    }
  }
}

export async function benchSoak(postgresUrl: string): Promise<SoakOutcome> {
  console.info('soak: PostgreSQL')
  try {
    return await withScratchDatabase(postgresUrl, measure)
  } catch (error) {
    console.error(`soak failed: ${(error as Error).message}`)
    return { error: (error as Error).stack ?? String(error) }
  }
}
