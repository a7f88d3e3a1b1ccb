import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { journalAdminContract as contract } from '../../../shared/journal/admin-contract'
import { JOURNAL_MESSAGES } from '../../../shared/journal/rules'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { currentUser } from '../../http/guards'
import type { FileStore } from '../media/file-store'
import {
  createPost,
  deletePost,
  getAdminPost,
  journalSummary,
  listAdminPosts,
  updatePost,
} from './admin-service'

/** The Journal screens' calls; registered inside the admin scope (app.ts), which guards them. */
export const journalAdminRoutes: FastifyPluginAsyncZod<{
  db: Database
  files: FileStore
  /** Hosts whose absolute product links count as the shop's own (from PUBLIC_URL). */
  ownHosts: readonly string[]
}> = async (app, { db, files, ownHosts }) => {
  const context = () => ({ ownHosts, now: new Date() })

  app.get(contract.list.path, { schema: schemaOf(contract.list) }, (request) =>
    listAdminPosts(db, request.query, new Date()),
  )

  app.get(contract.summary.path, { schema: schemaOf(contract.summary) }, () => journalSummary(db, new Date()))

  app.get(contract.post.path, { schema: schemaOf(contract.post) }, (request) =>
    getAdminPost(db, request.params.id, new Date()),
  )

  app.post(contract.create.path, { schema: schemaOf(contract.create) }, async (request, reply) => {
    const author = await currentUser(request)
    return reply.status(201).send(await createPost(db, request.body, author.id, context()))
  })

  app.put(contract.update.path, { schema: schemaOf(contract.update) }, (request) =>
    updatePost(db, files, request.params.id, request.body, context(), request.log),
  )

  app.delete(contract.remove.path, { schema: schemaOf(contract.remove) }, async (request) => {
    await deletePost(db, files, request.params.id, request.log)
    return { message: JOURNAL_MESSAGES.deleted }
  })
}
