import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerCustomer, type TestApp } from '../test/helpers'

// Walks every route declared with the admin guard: whatever later features add is covered too.
let t: TestApp
let customer: string
beforeAll(async () => {
  t = await createTestApp()
  customer = (await registerCustomer(t.app)).cookie
})
afterAll(() => t.close())

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1')

describe('every admin API', () => {
  it('has admin routes to walk', () => {
    expect(t.app.adminRoutes.length).toBeGreaterThanOrEqual(6)
  })

  it('answers 401 to anonymous visitors and 403 to customers', async () => {
    for (const { method, url } of t.app.adminRoutes) {
      const inject = (cookie?: string) =>
        t.app.inject({
          method: method as 'GET',
          url: concrete(url),
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          headers: cookie ? { cookie } : {},
        })
      expect({ method, url, status: (await inject()).statusCode }).toEqual({ method, url, status: 401 })
      expect({ method, url, status: (await inject(customer)).statusCode }).toEqual({
        method,
        url,
        status: 403,
      })
    }
  })
})
