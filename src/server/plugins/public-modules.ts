import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { siteOrigin } from '../http/site-origin'
import { accountsRoutes } from '../modules/accounts/routes'
import { cartRoutes } from '../modules/cart/routes'
import { catalogRoutes } from '../modules/catalog/routes'
import { checkoutRoutes } from '../modules/checkout/routes'
import { ReminderLinks } from '../modules/checkout-reminders/reminder-links'
import { checkoutReminderRoutes } from '../modules/checkout-reminders/routes'
import { documentRoutes } from '../modules/documents/routes'
import { feedRoutes } from '../modules/feeds/routes'
import { accountGiftCardsRoutes, giftCardsRoutes } from '../modules/gift-cards/routes'
import { healthRoutes } from '../modules/health/routes'
import { inquiriesRoutes } from '../modules/inquiries/routes'
import { journal } from '../modules/journal/routes'
import { newsletterRoutes } from '../modules/newsletter/routes'
import { CampaignUnsubscribeTokens } from '../modules/newsletter/unsubscribe-tokens'
import { ordersRoutes } from '../modules/order-desk/routes'
import { pieceAlertRoutes } from '../modules/piece-alerts/routes'
import { UnsubscribeTokens } from '../modules/piece-alerts/unsubscribe-tokens'
import { seoRoutes } from '../modules/seo/routes'
import { InvitationTokens } from '../modules/staff/invitations'
import { staffRoutes } from '../modules/staff/routes'
import { storeRoutes } from '../modules/store/routes'
import { taxRoutes } from '../modules/tax/routes'
import { testimonialsRoutes } from '../modules/testimonials/routes'
import { wishlistRoutes } from '../modules/wishlist/routes'

/** The API that shoppers and visitors use: each module's public routes. */
async function publicModules(app: FastifyInstance) {
  const { db, config, files, links, catalogChanges: catalog, paymentProvider, mailWorker } = app
  const onMailQueued = () => mailWorker.kick()
  await app.register(healthRoutes, { db })
  await app.register(storeRoutes, { config })
  await app.register(catalogRoutes, { db, catalog })
  await app.register(cartRoutes, { db, config, taxSettings: app.taxSettings })
  await app.register(wishlistRoutes, { db })
  await app.register(giftCardsRoutes, { db, provider: paymentProvider, mail: links, onMailQueued })
  await app.register(accountGiftCardsRoutes, { db })
  await app.register(ordersRoutes, { db, timeZone: config.store.timeZone, orderLinks: links.orderLinks })
  await app.register(documentRoutes, {
    db,
    shop: config.store,
    timeZone: config.store.timeZone,
    orderLinks: links.orderLinks,
    limits: app.limitsEnabled,
  })
  await app.register(newsletterRoutes, {
    db,
    context: { ...links, tokens: new CampaignUnsubscribeTokens(config.sessionSecret) },
    onMailQueued,
  })
  await app.register(inquiriesRoutes, { db, context: links, onMailQueued })
  await app.register(pieceAlertRoutes, {
    db,
    context: { ...links, tokens: new UnsubscribeTokens(config.sessionSecret) },
    onMailQueued,
  })
  await app.register(testimonialsRoutes, { db, files })
  await app.register(staffRoutes, { db, tokens: new InvitationTokens(config.sessionSecret) })
  await app.register(accountsRoutes, {
    db,
    limits: app.limitsEnabled,
    counters: app.attemptCounters,
    links,
    onMailQueued,
    sessionSecret: config.sessionSecret,
    secureCookies: config.secureCookies,
  })
  await app.register(checkoutRoutes, {
    db,
    provider: paymentProvider,
    catalog,
    context: {
      ...links,
      shipping: config.shipping,
      reservation: config.reservation,
      taxSettings: app.taxSettings,
      taxRates: app.taxRates.rates,
    },
    orderLinks: links.orderLinks,
    onMailQueued,
  })
  await app.register(taxRoutes, {
    db,
    timeZone: config.store.timeZone,
    shipping: config.shipping,
    taxSettings: app.taxSettings,
    taxRates: app.taxRates.rates,
  })
  await app.register(checkoutReminderRoutes, { db, links: new ReminderLinks(config.sessionSecret) })
  const origin = siteOrigin(config)
  await app.register(seoRoutes, { db, origin })
  await app.register(feedRoutes, {
    db,
    catalog,
    origin,
    shop: { name: config.store.name, shipping: config.shipping },
  })
  await app.register(journal, {
    db,
    secret: config.sessionSecret,
    origin,
    storeName: config.store.name,
    onPublished: () => catalog.changed(),
  })
}

export default fp(publicModules, {
  name: 'public-modules',
  dependencies: ['infrastructure', 'security-and-sessions', 'catalog-changes', 'payments', 'mail'],
  decorators: {
    fastify: [
      'config',
      'db',
      'files',
      'links',
      'attemptCounters',
      'limitsEnabled',
      'catalogChanges',
      'taxSettings',
      'taxRates',
      'paymentProvider',
      'mailWorker',
    ],
  },
})
