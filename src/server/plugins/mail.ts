import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { TrafficGauge } from '../http/traffic'
import { CAMPAIGN_MAIL_KIND, campaignMailContext, campaignMailRenderer } from '../modules/campaigns/mail'
import { orderMailRenderers } from '../modules/checkout/order-mail'
import { createMailTransport } from '../modules/mail/create-transport'
import type { MailTransport } from '../modules/mail/transport'
import { MailWorker } from '../modules/mail/worker'

declare module 'fastify' {
  interface FastifyInstance {
    mailWorker: MailWorker
  }
}

export interface MailOptions {
  /** SMTP or .eml files by default. */
  transport?: MailTransport
  /** Whether the outbox worker runs (main turns it on; tests send by hand). */
  startWorker: boolean
}

/** The outbox worker: claims queued e-mails, writes the order e-mails, sends them; quiet in a rush. */
async function mail(app: FastifyInstance, { transport, startWorker }: MailOptions) {
  const traffic = new TrafficGauge()
  traffic.attach(app.server)
  const worker = new MailWorker({
    db: app.db,
    transport: transport ?? createMailTransport(app.config),
    from: app.config.mailFrom,
    log: app.log,
    renderers: {
      ...orderMailRenderers(app.db, app.links),
      [CAMPAIGN_MAIL_KIND]: campaignMailRenderer(app.db, campaignMailContext(app.links, app.config)),
    },
    busy: () => traffic.busy(),
    ratePerMinute: app.config.mailRatePerMinute,
  })
  app.decorate('mailWorker', worker)
  if (startWorker) {
    app.addHook('onReady', async () => worker.start())
    app.addHook('onClose', async () => worker.stop())
  }
}

export default fp(mail, {
  name: 'mail',
  dependencies: ['infrastructure'],
  decorators: { fastify: ['config', 'db', 'links'] },
})
