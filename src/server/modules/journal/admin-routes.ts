import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { JOURNAL_MESSAGES } from '../../../shared/journal'
import { adminPostListQuerySchema, postInputSchema } from '../../../shared/journal-input'
import type { Database } from '../../db/client'
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

const postParams = z.object({ id: z.coerce.number({ error: JOURNAL_MESSAGES.notFound }).int().positive() })

/** The Journal screens' calls; registered inside the admin scope (app.ts), which guards them. */
export const journalAdminRoutes: FastifyPluginAsyncZod<{
  db: Database
  files: FileStore
  /** Hosts whose absolute product links count as the shop's own (from PUBLIC_URL). */
  ownHosts: readonly string[]
}> = async (app, { db, files, ownHosts }) => {
  const context = () => ({ ownHosts, now: new Date() })

  app.get('/api/admin/blog/posts', { schema: { querystring: adminPostListQuerySchema } }, (request) =>
    listAdminPosts(db, request.query, new Date()),
  )

  app.get('/api/admin/blog/summary', () => journalSummary(db, new Date()))

  app.get('/api/admin/blog/posts/:id', { schema: { params: postParams } }, (request) =>
    getAdminPost(db, request.params.id, new Date()),
  )

  app.post('/api/admin/blog/posts', { schema: { body: postInputSchema } }, async (request, reply) => {
    const author = await currentUser(request)
    return reply.status(201).send(await createPost(db, request.body, author.id, context()))
  })

  app.put('/api/admin/blog/posts/:id', { schema: { params: postParams, body: postInputSchema } }, (request) =>
    updatePost(db, files, request.params.id, request.body, context(), request.log),
  )

  app.delete('/api/admin/blog/posts/:id', { schema: { params: postParams } }, async (request) => {
    await deletePost(db, files, request.params.id, request.log)
    return { message: JOURNAL_MESSAGES.deleted }
  })
}
