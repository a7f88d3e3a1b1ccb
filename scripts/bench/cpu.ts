import { readdirSync, readFileSync } from 'node:fs'

// Where the CPU time of a load run went, read from Linux's /proc: on a 2-core machine the app, its
// PostgreSQL backends and the load generator share the cores, so throughput alone does not say
// which of them is the limit.

const TICKS_PER_SECOND = 100 // USER_HZ, 100 on every Linux this runs on

/** A task's CPU seconds from schedstat (nanoseconds), or from stat (10 ms ticks) without it. */
function taskSeconds(dir: string): number {
  try {
    return Number(readFileSync(`${dir}/schedstat`, 'utf8').split(' ')[0]) / 1e9
  } catch {
    const stat = readFileSync(`${dir}/stat`, 'utf8')
    // The command name may contain spaces and parentheses: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  }
}

/**
 * CPU seconds a process has used so far, summed over its live threads (or one thread's, with
 * `thread`), or 0 once it is gone. A thread that exited takes its time with it: fine for the
 * long-lived processes measured here.
 */
export function processSeconds(pid: number, thread?: number): number {
  try {
    if (thread !== undefined) return taskSeconds(`/proc/${pid}/task/${thread}`)
    return readdirSync(`/proc/${pid}/task`).reduce(
      (sum, task) => sum + taskSeconds(`/proc/${pid}/task/${task}`),
      0,
    )
  } catch {
    return 0
  }
}

/**
 * The PostgreSQL backends serving `database`, found by their process title ("postgres: ... <user>
 * <database> <host>(<port>) <state>"), with the CPU seconds each has used so far. The pool opens
 * and closes connections as it likes, so they are looked up at every snapshot.
 */
function postgresBackends(database: string, exclude?: number): Map<number, number> {
  const backends = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === exclude) continue
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (title.startsWith('postgres: ') && title.includes(` ${database} `))
        backends.set(Number(entry), processSeconds(Number(entry)))
    } catch {
      // the process ended while we looked
    }
  }
  return backends
}

/** Busy and total CPU seconds of the whole machine (all cores). */
export function machineSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!
  const values = line.trim().split(/\s+/).slice(1).map(Number)
  // user nice system idle iowait irq softirq steal: guest time is already counted in user.
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0)
  const idle = values[3]! + values[4]!
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND }
}

export interface CpuSnapshot {
  app: number
  postgres: Map<number, number>
  bench: number
  machineBusy: number
  machineTotal: number
}

export interface CpuUse {
  /** CPU seconds used during the run by the app server, its PostgreSQL backends, the bench process. */
  appS: number
  postgresS: number
  benchS: number
  /** Share of all cores busy during the run, anything else on the machine included. */
  machineBusy: number
}

/** `exclude`: the bench's own connection to the database, whose work is not the app's. */
export function cpuSnapshot(appPid: number, database: string, exclude?: number): CpuSnapshot | undefined {
  try {
    const bench = process.cpuUsage()
    const machine = machineSeconds()
    return {
      app: processSeconds(appPid),
      postgres: postgresBackends(database, exclude),
      bench: (bench.user + bench.system) / 1e6,
      machineBusy: machine.busy,
      machineTotal: machine.total,
    }
  } catch {
    return undefined // no /proc (not Linux): the run is still measured, only not broken down
  }
}

export function cpuUse(before: CpuSnapshot | undefined, after: CpuSnapshot | undefined): CpuUse | undefined {
  if (!before || !after) return undefined
  const total = after.machineTotal - before.machineTotal
  let postgresS = 0
  // A backend born during the run counts from zero; one that ended during it is lost (rare: the
  // pool keeps its connections while it is busy).
  for (const [pid, seconds] of after.postgres) postgresS += seconds - (before.postgres.get(pid) ?? 0)
  return {
    appS: after.app - before.app,
    postgresS,
    benchS: after.bench - before.bench,
    machineBusy: total > 0 ? (after.machineBusy - before.machineBusy) / total : 0,
  }
}

/**
 * Other engineers' builds and tests share this machine. Before a CPU-bound measurement, waits (at
 * most `maxWaitS`) for a 1 s window in which less than `threshold` of the cores were busy, and
 * returns the last window's busy share, reported next to the result so a busy machine shows.
 */
export async function waitForQuietMachine(threshold = 0.25, maxWaitS = 60): Promise<number> {
  const deadline = Date.now() + maxWaitS * 1000
  let busy = 1
  let warned = false
  do {
    const before = machineSeconds()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const after = machineSeconds()
    busy = (after.busy - before.busy) / (after.total - before.total || 1)
    if (busy >= threshold && !warned) {
      console.info(`  the machine is ${Math.round(busy * 100)} % busy: waiting up to ${maxWaitS} s for quiet`)
      warned = true
    }
  } while (busy >= threshold && Date.now() < deadline)
  return busy
}
