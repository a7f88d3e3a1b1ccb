import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { requireStaffPermission } from '../http/guards'
import { siteOrigin } from '../http/site-origin'
import { accountsAdminRoutes } from '../modules/accounts/admin-routes'
import { backupAdminRoutes } from '../modules/backup/admin-routes'
import { campaignsAdminRoutes } from '../modules/campaigns/admin-routes'
import { campaignMailContext } from '../modules/campaigns/mail'
import { catalogAdminRoutes } from '../modules/catalog/admin-routes'
import { catalogImportAdminRoutes } from '../modules/catalog-import/admin-routes'
import { ImportRunner } from '../modules/catalog-import/runner'
import { dashboardAdminRoutes } from '../modules/dashboard/admin-routes'
import { discountsAdminRoutes } from '../modules/discounts/admin-routes'
import { documentAdminRoutes } from '../modules/documents/admin-routes'
import { giftCardsAdminRoutes } from '../modules/gift-cards/admin-routes'
import { inquiriesAdminRoutes } from '../modules/inquiries/admin-routes'
import { journalAdminRoutes } from '../modules/journal/admin-routes'
import { mediaAdminRoutes } from '../modules/media/admin-routes'
import { newsletterAdminRoutes } from '../modules/newsletter/admin-routes'
import { ordersAdminRoutes } from '../modules/order-desk/admin-routes'
import { pieceAlertAdminRoutes } from '../modules/piece-alerts/admin-routes'
import { salesAdminRoutes } from '../modules/sales/admin-routes'
import { settingsAdminRoutes } from '../modules/settings/admin-routes'
import { staffAdminRoutes } from '../modules/staff/admin-routes'
import { redactForRole } from '../modules/staff/field-access'
import { InvitationTokens } from '../modules/staff/invitations'
import { taxAdminRoutes } from '../modules/tax/admin-routes'
import { testimonialsAdminRoutes } from '../modules/testimonials/admin-routes'
import { permissionOfAdminRoute } from './admin-endpoints'
import { routeEntries } from './infrastructure'

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue imports running on this instance (issue 37). */
    catalogImports: ImportRunner
  }
}

/**
 * The back office: every route registered in here answers 401 to visitors and 403 to customers.
 * fastify-plugin only names this part and checks what it needs; the routes live in a scope of
 * their own, so the guard and the hooks below never touch a public route.
 */
async function adminScope(app: FastifyInstance) {
  const { db, config, files, links, catalogChanges: catalog, paymentProvider } = app
  const timeZone = config.store.timeZone
  // Catalogue imports run in the background and announce the catalogue once, when they end.
  const imports = new ImportRunner({
    db,
    files,
    allowHosts: config.importFetchAllowHosts,
    fetchTimeoutMs: config.importFetchTimeoutMs,
    log: app.log,
    onCatalogChanged: () => catalog.changed(),
  })
  app.decorate('catalogImports', imports)
  app.addHook('onReady', async () => {
    await imports
      .resumeStale()
      .catch((error) => app.log.warn({ err: error }, 'catalogue imports not resumed'))
  })
  app.addHook('onClose', () => imports.stop())
  // Every answer, the back office's and the catalogue's alike, leaves out what the member's role
  // may not see (cost and profit, an order's money): the answer drops it, not the page.
  app.addHook('onSend', redactForRole)
  await app.register(async (admin) => {
    admin.addHook('onRoute', (route) => {
      // Deny by default: a route whose contract names no permission stops the start (issue 35).
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      const [permission, ...others] = new Set(
        methods.map((method) => permissionOfAdminRoute(method, route.url)),
      )
      if (others.length > 0) throw new Error(`${route.url}: one route, one permission`)
      route.config = { ...route.config, permission }
      app.adminRoutes.push(...routeEntries(route))
    })
    admin.addHook('onRequest', requireStaffPermission)
    // Whatever the owner changes may show on the storefront, so every successful write clears the
    // listing cache, on every instance, before the owner sees the answer: one place, not a call in
    // each service. Owner writes are rare; an extra clear costs one rebuild of the listing.
    admin.addHook('onSend', async (request, reply, payload) => {
      if (
        MUTATING_METHODS.has(request.method) &&
        reply.statusCode < 400 &&
        !request.routeOptions.config.leavesCatalogAlone
      ) {
        await catalog.changedNow().catch((error) => {
          request.log.warn({ err: error }, 'catalog change not announced to other instances')
        })
      }
      return payload
    })
    await admin.register(dashboardAdminRoutes, {
      db,
      timeZone,
      cardWebhooks: app.paymentProvider.name === 'stripe',
    })
    await admin.register(backupAdminRoutes, { database: app.database, files })
    await admin.register(catalogAdminRoutes, { db, files, origin: siteOrigin(config), timeZone })
    await admin.register(catalogImportAdminRoutes, { db, runner: imports, origin: siteOrigin(config) })
    await admin.register(mediaAdminRoutes, { store: files })
    await admin.register(accountsAdminRoutes, { db, files })
    await admin.register(inquiriesAdminRoutes, { db })
    await admin.register(newsletterAdminRoutes, { db, timeZone })
    await admin.register(campaignsAdminRoutes, {
      db,
      mail: campaignMailContext(links, config),
      onSend: () => app.campaignSender.kick(),
      onMailQueued: () => app.mailWorker.kick(),
    })
    await admin.register(pieceAlertAdminRoutes, { db })
    await admin.register(ordersAdminRoutes, {
      db,
      provider: paymentProvider,
      timeZone,
      mail: links,
      reservationHours: config.reservation.hours,
    })
    await admin.register(salesAdminRoutes, { db, timeZone })
    await admin.register(discountsAdminRoutes, { db })
    await admin.register(giftCardsAdminRoutes, { db, mail: links, onMailQueued: () => app.mailWorker.kick() })
    await admin.register(documentAdminRoutes, { db, files, shop: config.store, timeZone })
    await admin.register(testimonialsAdminRoutes, { db, files })
    await admin.register(settingsAdminRoutes, { db })
    await admin.register(staffAdminRoutes, {
      db,
      invitations: { links, tokens: new InvitationTokens(config.sessionSecret) },
      onMailQueued: () => app.mailWorker.kick(),
    })
    await admin.register(taxAdminRoutes, { db, files, timeZone })
    await admin.register(journalAdminRoutes, {
      db,
      files,
      ownHosts: config.publicUrl ? [new URL(config.publicUrl).host] : [],
    })
  })
}

export default fp(adminScope, {
  name: 'admin-scope',
  dependencies: ['infrastructure', 'security-and-sessions', 'catalog-changes', 'payments', 'mail', 'jobs'],
  decorators: {
    fastify: [
      'config',
      'database',
      'db',
      'files',
      'links',
      'adminRoutes',
      'catalogChanges',
      'paymentProvider',
      'mailWorker',
      'campaignSender',
    ],
  },
})
