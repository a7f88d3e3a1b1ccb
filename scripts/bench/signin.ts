import http from 'node:http'
import { availableParallelism } from 'node:os'
import { createHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { hashPassword, verifyPassword } from '../../src/server/modules/accounts/passwords'
import { withScratchDatabase } from './catalog'
import { CpuMeter, machineSeconds, processSeconds, waitForQuietMachine } from './cpu'
import { bounded, percentile, post } from './http-client'
import { type AppServer, removeTempDir, startApp, stopChild } from './processes'

export const SIGNIN_TARGETS = { minLoginsPerSecond: 150 }
export const SIGNIN_PLAN = {
  concurrency: 8,
  warmupS: 2,
  verifyS: 10,
  hashS: 4,
  /** Logins through the app, one at a time, for their latency. */
  sequentialLogins: 8,
  /** Then logins through the app, `concurrency` at a time, after a warm-up of as many seconds. */
  loginS: 10,
  loginWarmupS: 2,
  /**
   * The login route allows 10 attempts per 5 minutes per client address and 10 per 15 minutes per
   * username: each shopper signs in at most this many times, from a loopback address of its own.
   */
  loginsPerAddress: 9,
  /** Enough for 9 logins each over the warm-up, the sequential logins and the run at 300 logins/s. */
  shoppers: 450,
}

export interface LoopDelay {
  /** perf_hooks.monitorEventLoopDelay (1 ms resolution), in ms. */
  p99Ms: number
  maxMs: number
  /** How late a 1 ms setInterval fired, p99, in ms. */
  timerP99Ms: number
  /**
   * CPU used by the main thread and by the whole process (thread pool included), in cores (1 = one
   * core all the time), from /proc. eventLoopUtilization is not used: on two cores shared with four
   * argon2 threads the main thread is often preempted mid-task, which it counts as busy.
   */
  mainThreadCores: number
  processCores: number
  /** Share of the machine's cores busy, other work on the machine included. */
  machineBusy: number
}

export interface SigninResult {
  /** As encoded in a fresh hash, e.g. argon2id v=19 m=19456,t=2,p=1. */
  parameters: string
  threadPool: number
  verifications: number
  seconds: number
  verificationsPerSecond: number
  p50Ms: number
  p99Ms: number
  hashesPerSecond: number
  idle: LoopDelay
  loaded: LoopDelay
  /** The bench process's CPU per verification: what argon2 itself costs. */
  cpuMsPerVerification: number
  cores: number
  /** Sequential logins through the app against sequential verifications, in ms (medians). */
  http: HttpLogins | { error: string }
  pass: boolean
}

export type SigninOutcome = SigninResult | { error: string }

export interface HttpLogins {
  /** One at a time: a login's median time against a lone verification's. */
  sequentialMs: number
  verifyMs: number
  /** `concurrency` at a time for SIGNIN_PLAN.loginS. */
  logins: number
  seconds: number
  loginsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Answers other than 200, by status. */
  failures: Record<string, number>
  /** CPU per login: the server process (argon2 included), its main thread alone, its PostgreSQL backends. */
  appCpuMs: number
  mainThreadCpuMs: number
  postgresCpuMs: number
  /** The bench process's CPU per login: the load generator's share of the machine. */
  benchCpuMs: number
  machineBusyBefore: number
  machineBusy: number
  pass: boolean
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

/** Measures how responsive the main thread stays while `work` runs. */
async function watchLoop<T>(work: () => Promise<T>): Promise<{ result: T; loop: LoopDelay }> {
  const monitor = monitorEventLoopDelay({ resolution: 1 })
  const timer = createHistogram()
  let last = performance.now()
  // A live 1 ms timer, as a busy server has requests to answer: each late tick is a waiting request.
  const interval = setInterval(() => {
    const now = performance.now()
    timer.record(Math.max(1, Math.round((now - last - 1) * 1000))) // in µs
    last = now
  }, 1)
  const started = performance.now()
  const mainBefore = processSeconds(process.pid, process.pid)
  const processBefore = processSeconds(process.pid)
  const machineBefore = machineSeconds()
  monitor.enable()
  try {
    const result = await work()
    const seconds = (performance.now() - started) / 1000
    const machineAfter = machineSeconds()
    return {
      result,
      loop: {
        p99Ms: monitor.percentile(99) / 1e6,
        maxMs: monitor.max / 1e6,
        timerP99Ms: timer.percentile(99) / 1000,
        mainThreadCores: (processSeconds(process.pid, process.pid) - mainBefore) / seconds,
        processCores: (processSeconds(process.pid) - processBefore) / seconds,
        machineBusy:
          (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total || 1),
      },
    }
  } finally {
    monitor.disable()
    clearInterval(interval)
  }
}

/** Keeps `concurrency` calls of `task` running for `seconds`; returns each call's duration. */
async function saturate(task: () => Promise<unknown>, seconds: number): Promise<{ ms: number[]; s: number }> {
  const started = performance.now()
  const deadline = started + seconds * 1000
  const durations: number[] = []
  const worker = async () => {
    while (performance.now() < deadline) {
      const begin = performance.now()
      await task()
      durations.push(performance.now() - begin)
    }
  }
  await Promise.all(Array.from({ length: SIGNIN_PLAN.concurrency }, worker))
  return { ms: durations, s: (performance.now() - started) / 1000 }
}

/** Loopback addresses (all of 127/8 reaches the server): 127.<network>.x.y, one per index. */
const loopback = (network: number, index: number) =>
  `127.${network}.${Math.floor(index / 250) % 256}.${(index % 250) + 1}`

const SHOPPER_PASSWORD = 'jade-bench-password'
const shopper = (index: number) => `bench-shopper-${index}`

/**
 * Registers the shoppers who will sign in, each from its own address (registration allows 10 per
 * hour per address).
 */
async function registerShoppers(baseUrl: string, count: number) {
  await bounded(
    Array.from({ length: count }, (_, index) => index),
    SIGNIN_PLAN.concurrency,
    async (index) => {
      const answer = await post(
        false,
        `${baseUrl}/api/register`,
        { username: shopper(index), password: SHOPPER_PASSWORD },
        { localAddress: loopback(2, index) },
      )
      if (answer.status !== 201) throw new Error(`registering a shopper: ${answer.status} ${answer.body}`)
    },
  )
}

let attempt = 0
/** Each shopper's browser: one keep-alive connection, from the shopper's own address. */
const browsers = new Map<number, http.Agent>()

/**
 * A real sign-in through POST /api/login. The app allows 10 attempts per client address and per
 * username: the shoppers take turns, each signing in at most SIGNIN_PLAN.loginsPerAddress times from
 * an address of its own, as shoppers on their own machines would, and over its browser's open
 * connection (the one the sign-in page came on), not a new one each time.
 */
function login(baseUrl: string) {
  const turn = attempt++
  const index = turn % SIGNIN_PLAN.shoppers
  if (Math.floor(turn / SIGNIN_PLAN.shoppers) >= SIGNIN_PLAN.loginsPerAddress)
    throw new Error(`more than ${SIGNIN_PLAN.shoppers * SIGNIN_PLAN.loginsPerAddress} logins: raise shoppers`)
  let browser = browsers.get(index)
  if (!browser) {
    browser = new http.Agent({ keepAlive: true, maxSockets: 1 })
    browsers.set(index, browser)
  }
  return post(
    browser,
    `${baseUrl}/api/login`,
    { username: shopper(index), password: SHOPPER_PASSWORD },
    { localAddress: loopback(1, index) },
  )
}

const closeBrowsers = () => {
  for (const browser of browsers.values()) browser.destroy()
  browsers.clear()
}

/**
 * Logins through the production server (PostgreSQL): one at a time next to lone verifications, for
 * the time the HTTP, session and database part adds; then `concurrency` at a time, for logins/s.
 */
async function httpLogins(postgresUrl: string, passwordHash: string, password: string): Promise<HttpLogins> {
  return withScratchDatabase(postgresUrl, async (databaseUrl) => {
    let app: AppServer | undefined
    try {
      app = await startApp({ databaseUrl, seedDemo: false })
      const { baseUrl } = app
      const pid = app.process.pid!
      const database = new URL(databaseUrl).pathname.slice(1)

      await registerShoppers(baseUrl, SIGNIN_PLAN.shoppers)
      const warmup = await saturate(() => login(baseUrl), SIGNIN_PLAN.loginWarmupS)
      if (!warmup.ms.length) throw new Error('no login finished during the warm-up')
      const sequential: number[] = []
      const verify: number[] = []
      for (let attempt = 0; attempt < SIGNIN_PLAN.sequentialLogins; attempt++) {
        const answer = await login(baseUrl)
        if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${answer.body}`)
        sequential.push(answer.ms)
        const started = performance.now()
        await verifyPassword(passwordHash, password)
        verify.push(performance.now() - started)
      }

      const machineBusyBefore = await waitForQuietMachine()
      const meter = CpuMeter.start(pid, database)
      const mainBefore = processSeconds(pid, pid)
      const latencies: number[] = []
      const failures: Record<string, number> = {}
      const run = await saturate(async () => {
        const answer = await login(baseUrl)
        latencies.push(answer.ms)
        if (answer.status !== 200) {
          failures[answer.status] = (failures[answer.status] ?? 0) + 1
          if (Object.keys(failures).length === 1 && failures[answer.status] === 1)
            console.error(`login answered ${answer.status}: ${answer.body.slice(0, 300)}`)
        }
      }, SIGNIN_PLAN.loginS)
      const used = meter?.read()
      const mainThread = processSeconds(pid, pid) - mainBefore

      latencies.sort((a, b) => a - b)
      const logins = latencies.length - Object.values(failures).reduce((sum, count) => sum + count, 0)
      const perLogin = (seconds: number | undefined) => ((seconds ?? Number.NaN) * 1000) / latencies.length
      const loginsPerSecond = logins / run.s
      return {
        sequentialMs: median(sequential),
        verifyMs: median(verify),
        logins,
        seconds: run.s,
        loginsPerSecond,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        failures,
        appCpuMs: perLogin(used?.appS),
        mainThreadCpuMs: perLogin(mainThread),
        postgresCpuMs: perLogin(used?.postgresS),
        benchCpuMs: perLogin(used?.benchS),
        machineBusyBefore,
        machineBusy: used?.machineBusy ?? Number.NaN,
        pass: loginsPerSecond >= SIGNIN_TARGETS.minLoginsPerSecond && !Object.keys(failures).length,
      }
    } finally {
      closeBrowsers()
      if (app) {
        await stopChild(app)
        removeTempDir(app.dataDir)
      }
    }
  })
}

async function measure(postgresUrl: string): Promise<SigninResult> {
  const password = 'correct horse battery staple'
  const passwordHash = await hashPassword(password)
  const parameters = /^\$(argon2\w+)\$v=(\d+)\$([^$]+)\$/.exec(passwordHash)
  if (!parameters) throw new Error(`unexpected hash format: ${passwordHash.slice(0, 40)}`)
  if (!(await verifyPassword(passwordHash, password)) || (await verifyPassword(passwordHash, 'wrong')))
    throw new Error('verifyPassword does not tell the right password from a wrong one')

  await saturate(() => verifyPassword(passwordHash, password), SIGNIN_PLAN.warmupS)
  await waitForQuietMachine()
  const { loop: idle } = await watchLoop(() => sleep(2000))
  const cpuBefore = process.cpuUsage()
  const { result: verified, loop: loaded } = await watchLoop(() =>
    saturate(() => verifyPassword(passwordHash, password), SIGNIN_PLAN.verifyS),
  )
  const cpu = process.cpuUsage(cpuBefore)
  const hashed = await saturate(() => hashPassword(password), SIGNIN_PLAN.hashS)

  let http: SigninResult['http']
  try {
    http = await httpLogins(postgresUrl, passwordHash, password)
  } catch (error) {
    http = { error: (error as Error).message }
  }

  const sorted = [...verified.ms].sort((a, b) => a - b)
  const verificationsPerSecond = verified.ms.length / verified.s
  return {
    parameters: `${parameters[1]} v=${parameters[2]} ${parameters[3]}`,
    threadPool: Number(process.env.UV_THREADPOOL_SIZE || 4),
    verifications: verified.ms.length,
    seconds: verified.s,
    verificationsPerSecond,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    hashesPerSecond: hashed.ms.length / hashed.s,
    cpuMsPerVerification: (cpu.user + cpu.system) / 1000 / verified.ms.length,
    cores: availableParallelism(),
    idle,
    loaded,
    http,
    pass: verificationsPerSecond >= SIGNIN_TARGETS.minLoginsPerSecond,
  }
}

export async function benchSignin(postgresUrl: string): Promise<SigninOutcome> {
  console.info(`sign-in: argon2 verifications, ${SIGNIN_PLAN.concurrency} at a time`)
  try {
    return await measure(postgresUrl)
  } catch (error) {
    console.error(`sign-in failed: ${(error as Error).message}`)
    return { error: (error as Error).stack ?? String(error) }
  }
}
