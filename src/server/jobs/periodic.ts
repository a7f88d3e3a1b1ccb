/**
 * A round of background work on a timer: the first `firstAfterMs` after start(), then `everyMs`
 * after the previous one ends, never two at once in this process. The timer never keeps the process
 * alive. stop() clears the timer and waits for a round in progress, which sees `halting` and takes no
 * new work; runOnce() runs a round now (the tests' way, and a caller's who cannot wait), and kick()
 * brings the next one forward.
 */
export class PeriodicRound<T> {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<T> | undefined
  private stopped = true
  private stopping = false
  private again = false

  constructor(
    private readonly round: () => Promise<T>,
    private readonly options: {
      everyMs: number
      firstAfterMs: number
      /** A round that threw: logged by the owner, and the next round comes as planned. */
      onError: (error: unknown) => void
    },
  ) {}

  /** True once stop() was called: a round finishes what it holds and starts nothing new. */
  get halting(): boolean {
    return this.stopping
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.stopping = false
    this.schedule(this.options.firstAfterMs)
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.stopping = true
    clearTimeout(this.timer)
    await this.running?.catch(() => {})
  }

  /** Work arrived: a round now, or right after the one in progress, rather than at the next. */
  kick(): void {
    if (this.stopped) return
    if (this.running) this.again = true
    else this.schedule(0)
  }

  async runOnce(): Promise<T> {
    const round = this.round()
    this.running = round
    try {
      return await round
    } finally {
      if (this.running === round) this.running = undefined
    }
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.again = false
      void this.runOnce()
        .catch(this.options.onError)
        .finally(() => {
          if (!this.stopped) this.schedule(this.again ? 0 : this.options.everyMs)
        })
    }, delayMs)
    this.timer.unref()
  }
}
