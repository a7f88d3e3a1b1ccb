import { describe, expect, it } from 'vitest'
import {
  DatabaseOutage,
  fromDatabase,
  isDatabaseUnreachable,
  isDeadConnection,
  Reachability,
} from './reachability'

const systemError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code })

describe('what an unreachable database looks like', () => {
  it("tells the database's failures from another service's", () => {
    // What PostgreSQL and node-postgres say, however wrapped (drizzle puts them in `cause`).
    const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause })
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('shutting down'), { code: '57P01' })))).toBe(
      true,
    )
    expect(isDatabaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true)
    expect(isDatabaseUnreachable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true)
    expect(isDatabaseUnreachable(Object.assign(new Error('too many'), { code: '53300' }))).toBe(true)
    // A refused connection is the database's only when its driver raised it: the S3 store or a
    // mail server refusing is not a database outage.
    expect(isDatabaseUnreachable(systemError('ECONNREFUSED'))).toBe(false)
    expect(isDatabaseUnreachable(wrapped(fromDatabase(systemError('ECONNREFUSED'))))).toBe(true)
    expect(isDeadConnection(fromDatabase(systemError('ECONNRESET')))).toBe(true)
    expect(isDeadConnection(systemError('ECONNRESET'))).toBe(false)
    // Bad input and bugs are not outages.
    expect(isDatabaseUnreachable(Object.assign(new Error('invalid input'), { code: '22P02' }))).toBe(false)
    expect(isDatabaseUnreachable(new TypeError('x is undefined'))).toBe(false)
  })

  it('logs an outage once, whether the probe or the requests find it, and its end once', async () => {
    const lines: string[] = []
    const log = {
      error: (_obj: object, msg: string) => lines.push(`error ${msg}`),
      info: (_obj: object, msg: string) => lines.push(`info ${msg}`),
    }
    const reachability = new Reachability()
    const outage = new DatabaseOutage(log, reachability)
    for (let n = 0; n < 20; n++) outage.failed(new Error('Connection terminated'))
    reachability.lost(new Error('connect ECONNREFUSED'))
    expect(lines).toEqual([
      'error The database cannot be reached: requests that need it answer 503 until it is back',
    ])
    reachability.answered()
    // Over once a second has passed without a failed request.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(lines).toHaveLength(2)
    expect(lines[1]).toBe('info The database answers again')
    expect(outage.ongoing).toBe(false)
  })
})
