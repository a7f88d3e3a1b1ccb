import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { campaignsAdminContract as contract } from '../../../shared/campaigns/admin-contract'
import { CAMPAIGN_MESSAGES } from '../../../shared/campaigns/rules'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import type { CampaignMailContext } from './mail'
import { previewPage, previewPolicy } from './preview-page'
import {
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  previewMessage,
  sendCampaign,
  sendTestMessage,
  updateCampaign,
} from './service'

/** The campaigns of /admin/newsletter (issue 38); registered inside the admin scope. */
export const campaignsAdminRoutes: FastifyPluginAsyncZod<{
  db: Database
  mail: CampaignMailContext
  /** The sender's kick: a campaign sent now is queued at once. */
  onSend: () => void
  /** The mail worker's kick, for the test message. */
  onMailQueued: () => void
}> = async (app, { db, mail, onSend, onMailQueued }) => {
  app.get(contract.list.path, { schema: schemaOf(contract.list) }, (request) =>
    listCampaigns(db, request.query),
  )

  app.post(contract.create.path, { schema: schemaOf(contract.create) }, async (request, reply) => {
    reply.code(201)
    return createCampaign(db, request.body)
  })

  app.get(contract.get.path, { schema: schemaOf(contract.get) }, (request) =>
    getCampaign(db, request.params.id),
  )

  app.put(contract.update.path, { schema: schemaOf(contract.update) }, (request) =>
    updateCampaign(db, request.params.id, request.body),
  )

  app.delete(contract.remove.path, { schema: schemaOf(contract.remove) }, async (request) => {
    await deleteCampaign(db, request.params.id)
    return { message: CAMPAIGN_MESSAGES.deleted }
  })

  app.get(contract.preview.path, { schema: schemaOf(contract.preview) }, (request) =>
    previewMessage(db, request.params.id, mail),
  )

  // The same message as a page of its own, framed by the editor at a desktop's and a phone's width.
  app.get(
    contract.previewPage.path,
    { schema: { params: contract.previewPage.params } },
    async (request, reply) => {
      const { html } = await previewMessage(db, request.params.id, mail)
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', previewPolicy(html))
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-store')
        .send(previewPage(html))
    },
  )

  app.post(contract.test.path, { schema: schemaOf(contract.test) }, async (request) => {
    const user = await request.session.user()
    const address = await sendTestMessage(db, request.params.id, user?.email ?? null, mail)
    onMailQueued()
    return { message: CAMPAIGN_MESSAGES.testSent(address) }
  })

  app.post(contract.send.path, { schema: schemaOf(contract.send) }, async (request) => {
    const campaign = await sendCampaign(db, request.params.id, request.body.at)
    if (campaign.status === 'sending') onSend()
    return campaign
  })

  app.post(contract.cancel.path, { schema: schemaOf(contract.cancel) }, (request) =>
    cancelCampaign(db, request.params.id),
  )
}
