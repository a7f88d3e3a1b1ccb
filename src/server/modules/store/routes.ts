import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { storeContract } from '../../../shared/store/contract'
import type { Config } from '../../config'
import { schemaOf } from '../../http/contract'
import { storeInfo } from './store-info'

/** The shop's public facts (name, contact, shipping rule) that pages show. */
export const storeRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const info = storeInfo(config)
  app.get(storeContract.info.path, { schema: schemaOf(storeContract.info) }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return info
  })
}
