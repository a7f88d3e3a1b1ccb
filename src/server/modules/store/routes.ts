import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config'
import { storeInfo } from './store-info'

/** The shop's public facts (name, contact, shipping rule) that pages show. */
export const storeRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const info = storeInfo(config)
  app.get('/api/store', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return info
  })
}
