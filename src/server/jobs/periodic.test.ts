import { describe, expect, it } from 'vitest'
import { PeriodicRound } from './periodic'

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('PeriodicRound', () => {
  it('runs the first round after firstAfterMs, then waits everyMs; a kick brings the next forward', async () => {
    let rounds = 0
    const periodic = new PeriodicRound(async () => ++rounds, {
      everyMs: 60_000,
      firstAfterMs: 0,
      onError: () => {},
    })
    periodic.start()
    await later(50)
    expect(rounds).toBe(1)
    periodic.kick()
    await later(50)
    expect(rounds).toBe(2)
    await periodic.stop()
    periodic.kick() // stopped: nothing
    await later(50)
    expect(rounds).toBe(2)
  })

  it('a kick during a round runs one more right after it, never two at once', async () => {
    let running = 0
    let most = 0
    let rounds = 0
    let release: () => void = () => {}
    const periodic = new PeriodicRound(
      async () => {
        running++
        most = Math.max(most, running)
        if (++rounds === 1) await new Promise<void>((resolve) => (release = resolve))
        running--
      },
      { everyMs: 60_000, firstAfterMs: 0, onError: () => {} },
    )
    periodic.start()
    await later(30)
    periodic.kick()
    periodic.kick()
    expect(rounds).toBe(1)
    release()
    await later(50)
    expect(rounds).toBe(2)
    expect(most).toBe(1)
    await periodic.stop()
  })

  it('stop() says halting to the round in progress and waits for it; a failed round is reported', async () => {
    const seen: boolean[] = []
    const errors: unknown[] = []
    let release: () => void = () => {}
    const periodic: PeriodicRound<void> = new PeriodicRound(
      async () => {
        await new Promise<void>((resolve) => (release = resolve))
        seen.push(periodic.halting)
        throw new Error('the round failed')
      },
      { everyMs: 60_000, firstAfterMs: 0, onError: (error) => errors.push(error) },
    )
    periodic.start()
    await later(30)
    const stopped = periodic.stop()
    release()
    await stopped
    expect(seen).toEqual([true])
    await later(10)
    expect(errors).toHaveLength(1)
  })
})
