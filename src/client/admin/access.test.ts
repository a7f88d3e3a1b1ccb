import { describe, expect, it } from 'vitest'
import {
  ALL_PERMISSIONS,
  BUILT_IN_ROLES,
  type BuiltInRoleName,
  type Permission,
} from '../../shared/staff/permissions'
import { allowedFor, holds, roleLabel } from './access'
import { ADMIN_SECTIONS } from './sections'

const sectionsOf = (role: BuiltInRoleName) =>
  allowedFor(ADMIN_SECTIONS, BUILT_IN_ROLES[role].permissions).map((section) => section.path)

describe('the back office follows the role', () => {
  it('lets any member use what needs only membership, and nothing else without the permission', () => {
    expect(holds([], 'staff')).toBe(true)
    expect(holds([], 'orders:view')).toBe(false)
    expect(holds(['orders:view'], 'orders:view')).toBe(true)
    expect(holds(['orders:view'], 'orders:fulfil')).toBe(false)
  })

  it('gives an Owner every section, in the navigation order, but those shown only to others', () => {
    expect(sectionsOf('owner')).toEqual(
      ADMIN_SECTIONS.filter((section) => !section.unless).map((section) => section.path),
    )
  })

  it('offers Record Sale on its own only to a member who cannot open the sales ledger', () => {
    expect(sectionsOf('show-assistant')).toContain('record-sale')
    expect(sectionsOf('owner')).not.toContain('record-sale')
    expect(sectionsOf('bookkeeper')).not.toContain('record-sale')
  })

  it('lists for each built-in role only the sections its permissions open', () => {
    expect(sectionsOf('packer')).toEqual(['dashboard', 'orders', 'profile'])
    expect(sectionsOf('bookkeeper')).toEqual(['dashboard', 'orders', 'sales', 'reports', 'profile'])
    expect(sectionsOf('show-assistant')).toEqual(['dashboard', 'products', 'record-sale', 'profile'])
    expect(sectionsOf('editor')).toEqual([
      'dashboard',
      'products',
      'inquiries',
      'journal',
      'testimonials',
      'category-images',
      'profile',
    ])
    expect(sectionsOf('manager')).not.toContain('settings')
    expect(sectionsOf('manager')).toContain('accounts')
  })

  it('leaves a member whose permissions are unknown with the sections every member may open', () => {
    expect(allowedFor(ADMIN_SECTIONS, []).map((section) => section.path)).toEqual(['dashboard', 'profile'])
  })

  it('names a real permission on every section', () => {
    for (const section of ADMIN_SECTIONS)
      for (const permission of [section.permission].flat())
        expect(permission === 'staff' || ALL_PERMISSIONS.includes(permission as Permission)).toBe(true)
  })

  it('says a built-in role by its label and a custom role by its name', () => {
    expect(roleLabel('show-assistant')).toBe('Show assistant')
    expect(roleLabel('Gem fair help')).toBe('Gem fair help')
  })
})
