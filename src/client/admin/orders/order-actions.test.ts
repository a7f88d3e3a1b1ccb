import { describe, expect, it } from 'vitest'
import type { AdminOrder } from '../../../shared/orders/admin-schema'
import { BUILT_IN_ROLES, type BuiltInRoleName, type RoutePermission } from '../../../shared/staff/permissions'
import { holds } from '../access'
import type { OrderView } from './api'
import { mayTakeAction, type OrderAction } from './order-actions'

const ACTIONS: OrderAction[] = [
  'step',
  'ship',
  'payment',
  'confirm',
  'plan',
  'remove-plan',
  'tracking',
  'extend',
  'cancel',
  'release-buyer',
  'refund',
]

const money = {
  subtotal: 100_000,
  discount: 0,
  shippingCost: 0,
  tax: 0,
  taxLines: [],
  total: 100_000,
  amountPaid: 0,
  balance: 100_000,
  payments: [],
  paymentPlan: null,
  refunds: [],
  refundedAmount: 0,
}

/** An order as the server answers it: with its money for a role with the ledger, without it otherwise. */
function order(role: BuiltInRoleName, fields: Partial<AdminOrder> = {}): OrderView {
  const base = { id: 7, status: 'pending', paymentStatus: 'unpaid', ...fields } as OrderView
  return holds(BUILT_IN_ROLES[role].permissions, 'ledger:view') ? { ...money, ...base } : base
}

const allowed = (role: BuiltInRoleName, view: OrderView) => {
  const can = (permission: RoutePermission) => holds(BUILT_IN_ROLES[role].permissions, permission)
  return ACTIONS.filter((action) => mayTakeAction(action, view, can))
}

describe('the actions an order card offers', () => {
  it('offers an Owner every action', () => {
    expect(allowed('owner', order('owner'))).toEqual(ACTIONS)
  })

  it('offers a Packer tracking and the next steps, but not confirming an unpaid order, and no money', () => {
    expect(allowed('packer', order('packer'))).toEqual(['ship', 'tracking'])
    expect(allowed('packer', order('packer', { status: 'confirmed', paymentStatus: 'paid' }))).toEqual([
      'step',
      'ship',
      'tracking',
    ])
  })

  it('offers a Bookkeeper, who reads the ledger and changes nothing, no action', () => {
    expect(allowed('bookkeeper', order('bookkeeper'))).toEqual([])
  })

  it('keeps the money dialogs shut on an answer without the money, whatever the role says', () => {
    const can = () => true
    const withoutMoney = { id: 7, status: 'pending', paymentStatus: 'unpaid' } as OrderView
    for (const action of ['payment', 'confirm', 'plan', 'remove-plan', 'refund'] as const)
      expect(mayTakeAction(action, withoutMoney, can)).toBe(false)
    expect(mayTakeAction('cancel', withoutMoney, can)).toBe(true)
  })
})
