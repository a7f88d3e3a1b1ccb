// What a member of the shop's team may do, named `area:action` (issue 35). This list is the single
// source: the server's routes declare one of these (shared/contract.ts), the answers drop the
// fields a role may not see, and the back office hides what the member cannot use.

/** Each permission with the words a refusal uses: "Your role does not include refunds". */
export const PERMISSIONS = {
  'orders:view': 'orders',
  'orders:fulfil': 'packing and shipping orders',
  'orders:payments': 'recording payments and payment plans',
  'orders:refund': 'refunds and cancellations',
  'products:view': 'products',
  'products:edit': 'product changes',
  'products:prices': 'prices',
  'products:cost': 'cost and profit',
  'ledger:view': 'the ledger and reports',
  'sales:record': 'recording sales',
  'discounts:manage': 'discount codes',
  'giftcards:manage': 'gift cards',
  'journal:edit': 'the journal',
  'community:moderate': 'testimonials and inquiries',
  'newsletter:send': 'newsletter campaigns',
  'customers:view': 'customers',
  'customers:manage': 'changing customer accounts',
  'staff:manage': 'staff and roles',
  'settings:manage': 'settings',
  'backup:download': 'backups',
} as const

export type Permission = keyof typeof PERMISSIONS

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[]

export const isPermission = (value: string): value is Permission => Object.hasOwn(PERMISSIONS, value)

export const DEACTIVATED_MESSAGE = 'This account has been deactivated'
export const LAST_OWNER_MESSAGE = 'This is the last Owner. Make another member an Owner first.'

export const VIEWING_AS_MESSAGE = 'You are viewing the back office as another role: changes are off'

/** The 403's message for a member whose role lacks `permission`. */
export const missingPermissionMessage = (permission: Permission) =>
  `Your role does not include ${PERMISSIONS[permission]}`

/**
 * What an admin route needs: one permission, several (all of them: a catalogue import writes
 * prices and cost), or `staff` for any active member of the team (their own profile, the
 * dashboard, whose cards then follow the member's permissions).
 */
export type RoutePermission = Permission | readonly Permission[] | 'staff'

/** The first permission of `needed` that `held` lacks (undefined: none). */
export function firstMissing(needed: RoutePermission, held: readonly string[]): Permission | undefined {
  if (needed === 'staff') return undefined
  const all: readonly Permission[] = typeof needed === 'string' ? [needed] : needed
  return all.find((permission) => !held.includes(permission))
}

const except = (...left: Permission[]) => ALL_PERMISSIONS.filter((p) => !left.includes(p))

/** The roles every shop has. Their permissions live here, not in the database: an Owner gains a
 * permission a later release adds without a migration. */
export const BUILT_IN_ROLES = {
  owner: { label: 'Owner', permissions: ALL_PERMISSIONS },
  manager: {
    label: 'Manager',
    permissions: except('staff:manage', 'settings:manage', 'backup:download'),
  },
  packer: { label: 'Packer', permissions: ['orders:view', 'orders:fulfil'] },
  bookkeeper: {
    label: 'Bookkeeper',
    permissions: ['orders:view', 'ledger:view', 'products:cost'],
  },
  'show-assistant': { label: 'Show assistant', permissions: ['products:view', 'sales:record'] },
  editor: {
    label: 'Editor',
    permissions: ['products:view', 'products:edit', 'journal:edit', 'community:moderate'],
  },
} as const satisfies Record<string, { label: string; permissions: readonly Permission[] }>

export type BuiltInRoleName = keyof typeof BUILT_IN_ROLES

export const isBuiltInRole = (name: string): name is BuiltInRoleName => Object.hasOwn(BUILT_IN_ROLES, name)

/**
 * What makes a role need two-factor sign-in: the shop's money, its customers' accounts, its team,
 * its settings or its data. Managers and Bookkeepers hold some; so does any custom role that
 * does (the rule follows the permissions, not the role's name). Owners are asked, and required
 * only once an Owner turns that setting on.
 */
export const TWO_FACTOR_PERMISSIONS: readonly Permission[] = [
  'ledger:view',
  'orders:payments',
  // Issuing or adjusting a gift card creates money the shop owes.
  'giftcards:manage',
  'orders:refund',
  'customers:manage',
  'staff:manage',
  'settings:manage',
  'backup:download',
]

export const roleNeedsTwoFactor = (role: string, permissions: readonly string[]) =>
  role !== 'owner' &&
  permissions.some((permission) => (TWO_FACTOR_PERMISSIONS as string[]).includes(permission))

export const TWO_FACTOR_SETUP_MESSAGE = 'Your role requires two-factor sign-in: set it up to continue'
