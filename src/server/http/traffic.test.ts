import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { BUSY_REQUESTS_PER_SECOND, TrafficGauge } from './traffic'

const server = createServer((_request, response) => response.end('ok'))
const gauge = new TrafficGauge()
gauge.attach(server)
let port = 0
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const get = () =>
  new Promise<void>((resolve, reject) => {
    request({ port, host: '127.0.0.1', path: '/' }, (response) => response.resume().on('end', resolve))
      .on('error', reject)
      .end()
  })

it('tells a rush from a quiet shop over whole windows, however often it is asked', async () => {
  // Clock times after the gauge's creation, whenever this file's worker started.
  const start = performance.now() + 10_000
  const now = vi.spyOn(performance, 'now')
  try {
    now.mockReturnValue(start)
    expect(gauge.busy()).toBe(false)
    // A rush: 100 requests within one 250 ms window, asked after every request.
    const rush = BUSY_REQUESTS_PER_SECOND / 2
    for (let i = 0; i < rush; i++) {
      await get()
      gauge.busy()
    }
    now.mockReturnValue(start + 250)
    expect(gauge.perSecond()).toBe(rush * 4)
    expect(gauge.busy()).toBe(true)
    // Asked again and again within the next window: still the last whole window's rate.
    now.mockReturnValue(start + 300)
    expect(gauge.busy()).toBe(true)
    // A quiet window follows.
    now.mockReturnValue(start + 500)
    expect(gauge.busy()).toBe(false)
  } finally {
    now.mockRestore()
  }
})
