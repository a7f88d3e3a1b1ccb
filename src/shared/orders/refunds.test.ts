import { describe, expect, it } from 'vitest'
import { refundDestination, refundTaxPart, returnWindow, taxShare } from './refunds'
import { derivePaymentStatus } from './rules'

describe('the return window', () => {
  const now = new Date('2026-11-24T15:00:00Z')
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()

  it('counts the days since delivery against the 14-day window', () => {
    expect(returnWindow(daysAgo(9), now)).toEqual({
      within: true,
      message: 'Delivered 9 days ago — within the 14-day return window',
    })
    expect(returnWindow(daysAgo(0.2), now).message).toBe('Delivered today — within the 14-day return window')
    expect(returnWindow(daysAgo(14), now).within).toBe(true)
    expect(returnWindow(daysAgo(15), now)).toEqual({
      within: false,
      message: 'Delivered 15 days ago — past the 14-day return window. You may still refund.',
    })
  })
})

describe('payment status with refunds', () => {
  it('is derived from payments less refunds; what was refunded is no longer owed', () => {
    expect(derivePaymentStatus(50_000, 50_000)).toBe('paid')
    expect(derivePaymentStatus(50_000, 50_000, 20_000)).toBe('paid')
    expect(derivePaymentStatus(50_000, 50_000, 50_000)).toBe('refunded')
    expect(derivePaymentStatus(10_000, 50_000, 5_000)).toBe('partial')
    expect(derivePaymentStatus(0, 50_000)).toBe('unpaid')
  })

  it('says where the money goes', () => {
    expect(refundDestination('zelle')).toBe('by Zelle, to the same phone number or e-mail you paid from')
    expect(refundDestination('stripe')).toMatch(/^to the card you paid with/)
  })
})

describe('the sales tax a refund gives back (issue 34)', () => {
  // $100 of goods, $10 of untaxed shipping, 8.25 % tax: $8.25 on $100, total $118.25.
  const order = { tax: 825, total: 11_825, taxable: 10_000 }

  it('weighs the tax against what it was levied on, not the whole total', () => {
    expect(taxShare(5_000, order)).toBe(413)
    // $54.13 back for $50 of goods with their tax: $4.13 of it is tax.
    expect(refundTaxPart(5_413, { ...order, paid: 11_825, refunded: 0, taxRefunded: 0 })).toBe(413)
  })

  it('gives back the rest of the tax with the last of the money received', () => {
    expect(refundTaxPart(6_412, { ...order, paid: 11_825, refunded: 5_413, taxRefunded: 413 })).toBe(412)
    // A deposit of $20 refunded on a cancelled order: all the tax goes back, the order nets to nothing.
    expect(refundTaxPart(2_000, { ...order, paid: 2_000, refunded: 0, taxRefunded: 0 })).toBe(825)
  })
})
