import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { shopForFile } from '../../test/helpers'
import { orders } from '../orders/schema'

const t = shopForFile({ rateLimits: true })

describe('checkout rate limits', () => {
  it.each([
    ['/api/checkout', RATE_LIMITS.checkout.max],
    ['/api/create-payment-intent', RATE_LIMITS.paymentIntent.max],
  ])('%s answers 429 with a message once an address has used its allowance', async (url, max) => {
    const send = (address: string) =>
      t.app.inject({ method: 'POST', url, payload: { nonsense: true }, remoteAddress: address })
    for (let n = 0; n < max; n++) expect((await send('203.0.113.7')).statusCode).toBe(400)
    const blocked = await send('203.0.113.7')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/)
    // Another shopper is not held back by the first.
    expect((await send('203.0.113.8')).statusCode).toBe(400)
    const [count] = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(orders)
    expect(count?.n).toBe(0)
  })
})
