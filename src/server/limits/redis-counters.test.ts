import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { createTestDatabase, registerCustomer, testConfig } from '../test/helpers'
import { tcpProxy } from '../test/tcp-proxy'
import { REDIS_COMMAND_TIMEOUT_MS, RedisCounters } from './attempt-counters'
import { RATE_LIMITS } from './rate-limits'
import { rateLimits } from './schema'

// Against the Redis on 127.0.0.1:6379 (REDIS_TEST_URL to change it); skipped when none answers,
// as on a CI machine without Redis.
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379'

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 500 })
    socket.once('connect', () => resolve(true))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => resolve(false))
    socket.once('close', () => socket.destroy())
  }).finally(() => undefined) as Promise<boolean>
}

const redisUp = await reachable(REDIS_URL)
// Each run keeps to keys of its own: other runs may share this Redis.
const prefix = `jade-test:${randomBytes(6).toString('hex')}:`

describe.skipIf(!redisUp)('rate-limit counters in Redis', () => {
  let counters: RedisCounters
  beforeAll(async () => {
    counters = await RedisCounters.connect(REDIS_URL, { prefix })
  })
  afterAll(async () => {
    await counters?.clear([], [''])
    await counters?.close()
  })

  it('counts in a fixed window, takes attempts back and forgets by prefix', async () => {
    expect(await counters.count('a', 60_000)).toMatchObject({ count: 1 })
    const second = await counters.count('a', 60_000)
    expect(second.count).toBe(2)
    expect(second.ttlMs).toBeGreaterThan(50_000)
    await counters.forgive(['a', 'never-counted'])
    expect((await counters.count('a', 60_000)).count).toBe(2)
    // A window that ends starts over.
    await counters.count('short', 50)
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect((await counters.count('short', 50)).count).toBe(1)
    await counters.count('user:"a*b":1.2.3.4', 60_000)
    await counters.count('user:"a*bc":1.2.3.4', 60_000)
    await counters.clear([], ['user:"a*b":'])
    expect((await counters.count('user:"a*b":1.2.3.4', 60_000)).count).toBe(1)
    expect((await counters.count('user:"a*bc":1.2.3.4', 60_000)).count).toBe(2)
  })

  it('counts below a limit, never counting an attempt it refuses', async () => {
    expect(await counters.countBelow('below', 60_000, 2)).toBe(true)
    expect(await counters.countBelow('below', 60_000, 2)).toBe(true)
    expect(await counters.countBelow('below', 60_000, 2)).toBe(false)
    expect(await counters.countBelow('below', 60_000, 2)).toBe(false)
    // Refused attempts were not counted: one taken back leaves room for exactly one.
    await counters.forgive(['below'])
    expect(await counters.countBelow('below', 60_000, 2)).toBe(true)
    expect(await counters.countBelow('below', 60_000, 2)).toBe(false)
  })

  it('holds the route limits and the sign-in lockout when REDIS_URL is set, nothing in PostgreSQL', async () => {
    const database = await createTestDatabase()
    const handle = await database.open()
    const app = await buildApp({
      config: testConfig({ REDIS_URL }),
      database: handle,
      logger: false,
      rateLimits: true,
      redisKeyPrefix: prefix,
    })
    try {
      await app.ready()
      const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`
      const checkout = () =>
        app.inject({ method: 'POST', url: '/api/checkout', payload: {}, remoteAddress: address })
      for (let n = 0; n < RATE_LIMITS.checkout.max; n++) expect((await checkout()).statusCode).toBe(400)
      expect((await checkout()).statusCode).toBe(429)

      const { username } = await registerCustomer(app)
      for (let n = 0; n < 5; n++) {
        const wrong = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username, password: 'wrong' },
          remoteAddress: address,
        })
        expect(wrong.statusCode).toBe(401)
      }
      const locked = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'wrong' },
        remoteAddress: address,
      })
      expect(locked.statusCode).toBe(429)
      expect(await handle.db.select().from(rateLimits)).toEqual([])
    } finally {
      await app.close()
      await handle.close()
      await database.drop()
    }
  })
})

describe('a REDIS_URL that does not answer', () => {
  it('stops start-up with a message naming the variable', async () => {
    await expect(RedisCounters.connect('redis://127.0.0.1:1')).rejects.toThrow(
      /^REDIS_URL: cannot reach Redis/,
    )
  })
})

describe.skipIf(!redisUp)('while Redis is away', () => {
  // Issue 39: a Redis killed mid-traffic made every sign-in wait about 20 s, the client queuing
  // each count until it came back. Through a proxy the test freezes, then stops.
  it('no request waits on it: a frozen or stopped Redis skips the limits, which count again once it is back', async () => {
    const { hostname, port } = new URL(REDIS_URL)
    const proxy = await tcpProxy(Number(port || 6379), hostname)
    const database = await createTestDatabase()
    const handle = await database.open()
    const app = await buildApp({
      config: testConfig({ REDIS_URL: proxy.through(REDIS_URL) }),
      database: handle,
      logger: false,
      rateLimits: true,
      redisKeyPrefix: `${prefix}away:`,
    })
    const timed = async <T>(work: Promise<T>) => {
      const started = performance.now()
      const result = await work
      return { result, ms: performance.now() - started }
    }
    try {
      await app.ready()
      const { username } = await registerCustomer(app)
      const signIn = () =>
        timed(app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'wrong' } }))
      expect((await signIn()).result.statusCode).toBe(401)

      for (const fault of ['frozen', 'stopped'] as const) {
        if (fault === 'frozen') proxy.pause()
        else await proxy.drop()
        // One count waits at most its timeout; then the limit is skipped at once.
        const count = await timed(app.attemptCounters.count('away', 60_000))
        expect(count.ms, fault).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 100)
        expect(count.result.count).toBe(0)
        // Past the lockout's five failures: none counted, none waited (argon2 takes its time).
        for (let n = 0; n < 5; n++) {
          const { result, ms } = await signIn()
          expect(result.statusCode, fault).toBe(401)
          expect(ms, fault).toBeLessThan(1500)
        }
      }

      await proxy.resume()
      // Reconnected in the background: counting again.
      const deadline = Date.now() + 10_000
      let counted = 0
      while (Date.now() < deadline && counted === 0) {
        counted = (await app.attemptCounters.count('back', 60_000)).count
        if (counted === 0) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(counted).toBe(1)
    } finally {
      await app.close()
      await handle.close()
      await database.drop()
      await proxy.close()
    }
  })
})
