import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { discountsAdminContract as contract } from '../../../shared/discounts/admin-contract'
import { DISCOUNT_MESSAGES } from '../../../shared/discounts/schema'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { createDiscount, deleteDiscount, listDiscounts, updateDiscount } from './service'

/** The Discounts screen's calls; registered inside the admin scope (plugins/admin-scope.ts). */
export const discountsAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(contract.list.path, { schema: schemaOf(contract.list) }, (request) =>
    listDiscounts(db, request.query),
  )

  app.post(contract.create.path, { schema: schemaOf(contract.create) }, async (request, reply) => {
    reply.code(201)
    return createDiscount(db, request.body)
  })

  app.put(contract.update.path, { schema: schemaOf(contract.update) }, (request) =>
    updateDiscount(db, request.params.id, request.body),
  )

  app.delete(contract.remove.path, { schema: schemaOf(contract.remove) }, async (request) => {
    await deleteDiscount(db, request.params.id)
    return { message: DISCOUNT_MESSAGES.deleted }
  })
}
