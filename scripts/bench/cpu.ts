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

export interface CpuUse {
  /** CPU seconds used by the app server, its PostgreSQL backends and the bench process. */
  appS: number
  /** The app's main thread alone: JavaScript runs there, so one core is its ceiling. */
  appMainThreadS: number
  postgresS: number
  benchS: number
  /** Share of all cores busy, anything else on the machine included. */
  machineBusy: number
}

/**
 * Counts the CPU time the app, its PostgreSQL backends and the bench use from its creation on.
 * The pool closes a connection after 10 s idle, taking its backend's CPU time with it: sample()
 * while work goes on (at least when it stops and then every second or so) and a backend's time is
 * counted up to its last sample, after which it was idle. Undefined without /proc (not Linux): the
 * run is still measured, only not broken down.
 */
export class CpuMeter {
  private readonly backends = new Map<number, number>()
  private postgresS = 0
  private readonly start: {
    app: number
    appMainThread: number
    bench: number
    machine: { busy: number; total: number }
  }

  private constructor(
    private readonly appPid: number,
    private readonly database: string,
    /** The bench's own connection to the database, whose work is not the app's. */
    private readonly exclude?: number,
  ) {
    for (const [pid, seconds] of postgresBackends(database, exclude)) this.backends.set(pid, seconds)
    this.start = {
      app: processSeconds(appPid),
      appMainThread: processSeconds(appPid, appPid),
      bench: benchSeconds(),
      machine: machineSeconds(),
    }
  }

  static start(appPid: number, database: string, exclude?: number): CpuMeter | undefined {
    try {
      return new CpuMeter(appPid, database, exclude)
    } catch {
      return undefined
    }
  }

  sample(): void {
    // A backend seen for the first time was born since the last sample: counted from zero.
    for (const [pid, seconds] of postgresBackends(this.database, this.exclude)) {
      this.postgresS += seconds - (this.backends.get(pid) ?? 0)
      this.backends.set(pid, seconds)
    }
  }

  /** What was used since the start, sampling once more first. */
  read(): CpuUse {
    this.sample()
    const machine = machineSeconds()
    const total = machine.total - this.start.machine.total
    return {
      appS: processSeconds(this.appPid) - this.start.app,
      appMainThreadS: processSeconds(this.appPid, this.appPid) - this.start.appMainThread,
      postgresS: this.postgresS,
      benchS: benchSeconds() - this.start.bench,
      machineBusy: total > 0 ? (machine.busy - this.start.machine.busy) / total : 0,
    }
  }
}

function benchSeconds(): number {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1e6
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
