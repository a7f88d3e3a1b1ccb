import { accountsAdminContract } from '../../shared/accounts/admin-contract'
import { backupAdminContract } from '../../shared/backup/admin-contract'
import { campaignsAdminContract } from '../../shared/campaigns/admin-contract'
import { catalogAdminContract } from '../../shared/catalog/admin-contract'
import { catalogImportAdminContract } from '../../shared/catalog-import/admin-contract'
import type { Endpoint } from '../../shared/contract'
import { dashboardAdminContract } from '../../shared/dashboard/admin-contract'
import { discountsAdminContract } from '../../shared/discounts/admin-contract'
import { documentsAdminContract } from '../../shared/documents/admin-contract'
import { giftCardsAdminContract } from '../../shared/gift-cards/admin-contract'
import { inquiriesAdminContract } from '../../shared/inquiries/admin-contract'
import { journalAdminContract } from '../../shared/journal/admin-contract'
import { mediaAdminContract } from '../../shared/media/admin-contract'
import { newsletterAdminContract } from '../../shared/newsletter/admin-contract'
import { ordersAdminContract } from '../../shared/orders/admin-contract'
import { pieceAlertsAdminContract } from '../../shared/piece-alerts/admin-contract'
import { salesAdminContract } from '../../shared/sales/admin-contract'
import { settingsAdminContract } from '../../shared/settings/admin-contract'
import { staffAdminContract } from '../../shared/staff/admin-contract'
import type { RoutePermission } from '../../shared/staff/permissions'
import { taxAdminContract } from '../../shared/tax/admin-contract'
import { testimonialsAdminContract } from '../../shared/testimonials/admin-contract'

// Every back-office endpoint by `METHOD path`, so the admin scope finds the permission a route's
// contract declares without each route repeating it.
const contracts: Record<string, Endpoint>[] = [
  accountsAdminContract,
  backupAdminContract,
  campaignsAdminContract,
  catalogAdminContract,
  catalogImportAdminContract,
  dashboardAdminContract,
  discountsAdminContract,
  documentsAdminContract,
  giftCardsAdminContract,
  inquiriesAdminContract,
  journalAdminContract,
  mediaAdminContract,
  newsletterAdminContract,
  ordersAdminContract,
  pieceAlertsAdminContract,
  salesAdminContract,
  settingsAdminContract,
  staffAdminContract,
  taxAdminContract,
  testimonialsAdminContract,
]

const byRoute = new Map<string, Endpoint>()
for (const contract of contracts)
  for (const endpoint of Object.values(contract)) byRoute.set(`${endpoint.method} ${endpoint.path}`, endpoint)

/**
 * The permission a back-office route needs. Deny by default: a route with no contract, or whose
 * contract names no permission, stops the server from starting.
 */
export function permissionOfAdminRoute(method: string, url: string): RoutePermission {
  // Fastify adds a HEAD route beside each GET: it needs what the GET needs.
  const permission = byRoute.get(`${method === 'HEAD' ? 'GET' : method} ${url}`)?.permission
  if (!permission)
    throw new Error(
      `${method} ${url}: a back-office route must declare the permission it needs in its contract`,
    )
  return permission
}

export const adminEndpoint = (method: string, url: string) => byRoute.get(`${method} ${url}`)
