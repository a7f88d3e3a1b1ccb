import type { FastifyPluginAsync } from 'fastify'
import type { StoreInfo } from '../../../shared/ssr'
import type { Config } from '../../config'

export function storeInfo(config: Config): StoreInfo {
  return {
    name: config.store.name,
    email: config.store.email,
    phone: config.store.phone,
    freeShippingThresholdCents: config.shipping.freeThresholdCents,
    flatShippingCents: config.shipping.flatCents,
    timeZone: config.store.timeZone,
    ...(config.paymentProvider === 'test' ? { testPayments: true } : {}),
  }
}

/** The shop's public facts (name, contact, shipping rule) that pages show. */
export const storeRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const info = storeInfo(config)
  app.get('/api/store', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return info
  })
}
