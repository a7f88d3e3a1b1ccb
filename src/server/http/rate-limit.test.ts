import { rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import type { Config } from '../config'
import type { DatabaseHandle } from '../db/client'
import { createTestDatabase, type TestDatabase, testConfig } from '../test/helpers'

// The rate limits key on the client's address. A request whose connection is gone before its
// limit is checked (a malformed chunked body ends it at once) has none: it is refused quietly,
// never a level-50 error with a stack from the rate-limit plugin's address normaliser.

let app: FastifyInstance
let database: TestDatabase
let handle: DatabaseHandle
let config: Config
const lines: string[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  handle = await database.open()
  config = testConfig({ LOG_LEVEL: 'warn' })
  app = await buildApp({
    config,
    database: handle,
    rateLimits: true,
    logStream: { write: (line: string) => void lines.push(line) },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
})

afterAll(async () => {
  await app.close()
  await handle.close()
  await database.drop()
  rmSync(config.dataDir, { recursive: true, force: true })
})

/** Sends raw bytes and waits for the server to answer or hang up. */
function sendRaw(bytes: string): Promise<string> {
  const { port } = app.server.address() as AddressInfo
  return new Promise((resolve) => {
    let answer = ''
    const socket = connect({ port, host: '127.0.0.1' }, () => socket.write(bytes))
    socket.on('data', (chunk) => {
      answer += chunk.toString()
    })
    socket.on('close', () => resolve(answer))
    socket.on('error', () => resolve(answer))
    socket.setTimeout(5_000, () => socket.destroy())
  })
}

describe('a request on a rate-limited route', () => {
  it('with a malformed chunked body is refused with nothing logged above warn', async () => {
    for (const url of ['/api/login', '/api/cart/discount', '/api/checkout', '/api/newsletter']) {
      const answer = await sendRaw(
        `POST ${url} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          'Transfer-Encoding: chunked\r\n\r\nzz\r\n{"a":1}\r\n0\r\n\r\n',
      )
      expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/)
    }
    // Let any hook still running on the closed connections finish and log.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const levels = lines.map((line) => JSON.parse(line) as { level: number; msg?: string })
    expect(levels.filter((entry) => entry.level > 40)).toEqual([])
  })
})
