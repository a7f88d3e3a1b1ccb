import type { RoleAnswer } from '../../../shared/staff/admin-contract'
import {
  ALL_PERMISSIONS,
  BUILT_IN_ROLES,
  isBuiltInRole,
  PERMISSIONS,
  type Permission,
} from '../../../shared/staff/permissions'

// How the Staff page names permissions and roles: the words of PERMISSIONS (the ones a refusal
// uses), grouped by the area before the colon, in PERMISSIONS' own order.

const AREA_LABELS: Record<string, string> = {
  orders: 'Orders',
  products: 'Products',
  ledger: 'Ledger',
  sales: 'Sales',
  discounts: 'Discounts',
  giftcards: 'Gift cards',
  journal: 'Journal',
  community: 'Community',
  newsletter: 'Newsletter',
  customers: 'Customers',
  staff: 'Staff',
  settings: 'Settings',
  backup: 'Backups',
}

export interface PermissionGroup {
  area: string
  label: string
  permissions: Permission[]
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * "orders:refund" → "Refunds and cancellations", "orders:view" → "View orders"; an unknown name is
 * shown as it is.
 */
export function permissionLabel(permission: string): string {
  if (!Object.hasOwn(PERMISSIONS, permission)) return permission
  const words = PERMISSIONS[permission as Permission]
  return permission.endsWith(':view') ? `View ${words}` : capitalize(words)
}

/**
 * A role that holds (nearly) every permission said in one line rather than twelve areas:
 * "Every permission", "Every permission except staff and roles, settings and backups". Undefined
 * when it lacks more than three: its list reads better.
 */
export function nearlyEverything(permissions: readonly string[]): string | undefined {
  const missing = ALL_PERMISSIONS.filter((permission) => !permissions.includes(permission))
  if (missing.length === 0) return 'Every permission'
  if (missing.length > 3) return undefined
  const words = missing.map((permission) => PERMISSIONS[permission])
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
  return `Every permission except ${list}`
}

/** The permissions by area, each area once, in the order PERMISSIONS lists them. */
export function permissionGroups(permissions: readonly string[] = ALL_PERMISSIONS): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>()
  for (const permission of ALL_PERMISSIONS) {
    if (!permissions.includes(permission)) continue
    const area = permission.split(':')[0]!
    let group = groups.get(area)
    if (!group) {
      group = { area, label: AREA_LABELS[area] ?? capitalize(area), permissions: [] }
      groups.set(area, group)
    }
    group.permissions.push(permission)
  }
  return [...groups.values()]
}

/** A role's label by its name: from the roles list when it has come, else the built-in label. */
export function roleLabel(name: string, roles: readonly Pick<RoleAnswer, 'name' | 'label'>[] | undefined) {
  return (
    roles?.find((role) => role.name === name)?.label ??
    (isBuiltInRole(name) ? BUILT_IN_ROLES[name].label : name)
  )
}

/** What a role allows, in one line: "View orders, Packing and shipping orders". */
export function roleSummary(permissions: readonly string[]): string {
  return (
    nearlyEverything(permissions) ??
    (permissionGroups(permissions)
      .flatMap((group) => group.permissions.map(permissionLabel))
      .join(', ') ||
      'nothing yet')
  )
}
