import type { Server } from 'node:http'

/** Above this many requests a second the shop counts as busy, and background work yields. */
export const BUSY_REQUESTS_PER_SECOND = 200
const WINDOW_MS = 250

/**
 * Counts the requests the server takes, so that background work (the mail outbox) can tell a
 * rush of shoppers from a quiet shop without adding anything to a request's own path.
 */
export class TrafficGauge {
  private count = 0
  private windowCount = 0
  private windowStart = performance.now()
  private lastRate = 0

  attach(server: Server): void {
    server.on('request', () => {
      this.count++
    })
  }

  /** Requests per second over the last whole window (however often it is asked). */
  perSecond(): number {
    const now = performance.now()
    if (now - this.windowStart >= WINDOW_MS) {
      this.lastRate = ((this.count - this.windowCount) * 1000) / (now - this.windowStart)
      this.windowCount = this.count
      this.windowStart = now
    }
    return this.lastRate
  }

  busy(): boolean {
    return this.perSecond() > BUSY_REQUESTS_PER_SECOND
  }
}
