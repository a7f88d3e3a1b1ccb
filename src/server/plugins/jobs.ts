import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { SWEEP_LOCK, SweepRunner } from '../jobs/runner'
import { dataSweeps } from '../jobs/sweeps'
import { CampaignSender } from '../modules/campaigns/sender'
import { IMPORT_SWEEPS } from '../modules/catalog-import/sweeps'
import { CheckoutReconciler } from '../modules/checkout/reconcile'
import { checkoutReminders } from '../modules/checkout-reminders/reminder-job'
import { ReminderLinks } from '../modules/checkout-reminders/reminder-links'
import { reminderRecordSweeps } from '../modules/checkout-reminders/service'
import { giftCardDeliveries } from '../modules/gift-cards/delivery'
import { expiredZellePurchases } from '../modules/gift-cards/purchase-ends'
import { RefundWorker } from '../modules/ledger/refund-worker'
import { installmentReminders } from '../modules/ledger/reminders'
import { countOrderPlaced } from '../modules/metrics/registry'
import { expiredReservations, reservationReminders } from '../modules/order-desk/reservations'
import { similarPieceAlerts } from '../modules/piece-alerts/job'
import { PIECE_ALERT_SWEEPS } from '../modules/piece-alerts/sweeps'
import { UnsubscribeTokens } from '../modules/piece-alerts/unsubscribe-tokens'
import { unusedTestimonialPhotos } from '../modules/testimonials/photo-sweep'

declare module 'fastify' {
  interface FastifyInstance {
    /** The hourly data sweeps and instalment reminders. */
    sweeper: SweepRunner
    /**
     * Reminds shoppers of, and ends, the reservations of unpaid Zelle orders; delivers bought gift
     * cards and expires unpaid Zelle gift-card purchases; reminds unfinished checkouts (every minute).
     */
    reservationJobs: SweepRunner
    /** E-mails the addresses waiting for a new piece of a category (every minute). */
    pieceAlertJobs: SweepRunner
    /** Finishes the card refunds still pending (docs/decisions/011), on every instance. */
    refundWorker: RefundWorker
    /** Asks the provider about card checkouts left without an order (every five minutes). */
    checkoutReconciler: CheckoutReconciler
    /** Starts scheduled newsletter campaigns and queues their recipients (issue 38), on every instance. */
    campaignSender: CampaignSender
  }
}

/** The piece alerts' advisory lock: issue 25's number past the sweeps' own. */
const PIECE_ALERT_LOCK = SWEEP_LOCK + 25

/** Background work, one instance at a time: on a timer when `start` (main), called by hand in tests. */
async function jobs(app: FastifyInstance, { start }: { start: boolean }) {
  const { db, links, config, catalogChanges, files, mailWorker } = app
  const onMailQueued = () => mailWorker.kick()
  const timeZone = config.store.timeZone
  const reminderHours = config.abandonedCheckoutHours
  const sweeper = new SweepRunner({
    db,
    // The hourly round also reminds shoppers of their instalments, one instance at a time, and
    // clears the photos shoppers uploaded for reviews they never sent.
    sweeps: [
      ...dataSweeps({ checkoutReminderHours: reminderHours }),
      ...reminderRecordSweeps,
      installmentReminders(links, timeZone),
      unusedTestimonialPhotos(files),
      ...PIECE_ALERT_SWEEPS,
      ...IMPORT_SWEEPS,
    ],
    log: app.log,
    everyMs: config.jobsEveryMs,
  })
  // Reservations end by the minute, so they have a runner (and a lock) of their own.
  const reservationJobs = new SweepRunner({
    db,
    sweeps: [
      reservationReminders(links, timeZone),
      expiredReservations(links, timeZone, () => catalogChanges.changed()),
      // Bought gift cards reach their recipients on their delivery date (issue 36).
      giftCardDeliveries(links, onMailQueued),
      // Zelle gift-card purchases unpaid past a Zelle order's hold expire (card ones are abandoned
      // by the checkout reconciliation, which asks the provider first).
      expiredZellePurchases(links, config.reservation.hours, onMailQueued),
      // ABANDONED_CHECKOUT_HOURS after an unfinished checkout, by the minute (fractions of hours).
      ...(reminderHours > 0
        ? [
            checkoutReminders({
              store: links.store,
              publicUrl: links.publicUrl,
              links: new ReminderLinks(config.sessionSecret),
              hours: reminderHours,
              onMailQueued,
            }),
          ]
        : []),
    ],
    log: app.log,
    everyMs: config.jobsEveryMs ?? 60_000,
    // Each expired order is several statements: small batches keep locks short, and one order
    // that fails holds back few others.
    batch: 25,
    lockKey: SWEEP_LOCK + 1,
    label: 'reservation jobs',
  })
  // "Tell me when a similar piece arrives" (issue 25): at least once a minute, with a lock of its own.
  const pieceAlertJobs = new SweepRunner({
    db,
    sweeps: [
      similarPieceAlerts({ ...links, tokens: new UnsubscribeTokens(config.sessionSecret) }, onMailQueued),
    ],
    log: app.log,
    everyMs: config.jobsEveryMs ?? 60_000,
    batch: 100,
    lockKey: PIECE_ALERT_LOCK,
    label: 'piece alerts',
  })
  // No lock of its own: each refund is claimed by one worker at a time (refund-worker.ts).
  const refundWorker = new RefundWorker(
    { db, provider: app.paymentProvider, log: app.log },
    config.jobsEveryMs ?? 30_000,
  )
  const checkoutReconciler = new CheckoutReconciler(
    {
      db,
      provider: app.paymentProvider,
      context: { ...links, shipping: config.shipping, reservation: config.reservation },
      log: app.log,
      checkoutReminderHours: reminderHours,
      onOrder: () => {
        countOrderPlaced('stripe')
        catalogChanges.changed()
        onMailQueued()
      },
    },
    config.jobsEveryMs ?? 5 * 60_000,
  )
  // No lock of its own: each batch locks its campaign's row (campaigns/sender.ts).
  const campaignSender = new CampaignSender({
    db,
    log: app.log,
    onQueued: onMailQueued,
    everyMs: config.jobsEveryMs ?? 30_000,
  })
  // A campaign whose last message went reads "sent" then, not up to a round later.
  mailWorker.onCampaignMailSent(() => campaignSender.kick())
  app.decorate('campaignSender', campaignSender)
  app.decorate('sweeper', sweeper)
  app.decorate('checkoutReconciler', checkoutReconciler)
  app.decorate('refundWorker', refundWorker)
  app.decorate('reservationJobs', reservationJobs)
  app.decorate('pieceAlertJobs', pieceAlertJobs)
  if (start) {
    app.addHook('onReady', async () => {
      sweeper.start()
      reservationJobs.start()
      pieceAlertJobs.start()
      refundWorker.start()
      checkoutReconciler.start()
      campaignSender.start()
    })
    app.addHook('onClose', async () => {
      await Promise.all([
        sweeper.stop(),
        reservationJobs.stop(),
        pieceAlertJobs.stop(),
        refundWorker.stop(),
        checkoutReconciler.stop(),
        campaignSender.stop(),
      ])
    })
  }
}

export default fp(jobs, {
  name: 'jobs',
  dependencies: ['infrastructure', 'catalog-changes', 'payments', 'mail'],
  decorators: {
    fastify: ['config', 'db', 'links', 'catalogChanges', 'files', 'paymentProvider', 'mailWorker'],
  },
})
