import { describe, expect, it } from 'vitest'
import { ALL_PERMISSIONS, BUILT_IN_ROLES } from '../../../shared/staff/permissions'
import {
  nearlyEverything,
  permissionGroups,
  permissionLabel,
  roleLabel,
  roleSummary,
} from './permission-groups'

describe('the Staff page’s words for permissions and roles', () => {
  it('groups every permission once, by area, in the order PERMISSIONS lists them', () => {
    const groups = permissionGroups()
    expect(groups.flatMap((group) => group.permissions)).toEqual(ALL_PERMISSIONS)
    expect(groups.map((group) => group.area)).toEqual([
      'orders',
      'products',
      'ledger',
      'sales',
      'discounts',
      'giftcards',
      'journal',
      'community',
      'newsletter',
      'customers',
      'staff',
      'settings',
      'backup',
    ])
    expect(groups[0]).toEqual({
      area: 'orders',
      label: 'Orders',
      permissions: ['orders:view', 'orders:fulfil', 'orders:payments', 'orders:refund'],
    })
  })

  it('keeps only the areas a role holds', () => {
    expect(permissionGroups(['orders:fulfil', 'orders:view'])).toEqual([
      { area: 'orders', label: 'Orders', permissions: ['orders:view', 'orders:fulfil'] },
    ])
    expect(permissionGroups([])).toEqual([])
  })

  it('names a permission in the words of its refusal, capitalised', () => {
    expect(permissionLabel('orders:refund')).toBe('Refunds and cancellations')
    expect(permissionLabel('orders:view')).toBe('View orders')
    expect(permissionLabel('ledger:view')).toBe('View the ledger and reports')
    expect(permissionLabel('products:cost')).toBe('Cost and profit')
    expect(permissionLabel('unknown:thing')).toBe('unknown:thing')
  })

  it('labels a role from the list, falling back to the built-in label, then to its name', () => {
    const roles = [{ name: 'gem-show-helper', label: 'Gem show helper' }]
    expect(roleLabel('gem-show-helper', roles)).toBe('Gem show helper')
    expect(roleLabel('show-assistant', undefined)).toBe('Show assistant')
    expect(roleLabel('gone', roles)).toBe('gone')
  })

  it('says "every permission" of the Owner and the Manager, and lists the others', () => {
    expect(nearlyEverything(BUILT_IN_ROLES.owner.permissions)).toBe('Every permission')
    expect(nearlyEverything(BUILT_IN_ROLES.manager.permissions)).toBe(
      'Every permission except staff and roles, settings and backups',
    )
    expect(nearlyEverything(ALL_PERMISSIONS.filter((p) => p !== 'backup:download'))).toBe(
      'Every permission except backups',
    )
    expect(nearlyEverything(BUILT_IN_ROLES.packer.permissions)).toBeUndefined()
  })

  it('sums a role up in one line', () => {
    expect(roleSummary(BUILT_IN_ROLES.packer.permissions)).toBe('View orders, Packing and shipping orders')
    expect(roleSummary(BUILT_IN_ROLES.owner.permissions)).toBe('Every permission')
  })
})
