import type { FastifyPluginAsync } from 'fastify'
import { backupAdminContract as contract } from '../../../shared/backup/admin-contract'
import type { DatabaseHandle } from '../../db/client'
import { conflict } from '../../errors'
import type { FileStore } from '../media/file-store'
import { backupFileName, backupStream } from './service'

/**
 * The dashboard's "Download backup": the database and every upload as one tar archive, streamed
 * to the owner as it is written (the database dump waits in a temporary file, never in memory).
 * Inside the admin scope. One backup at a time per instance: each one reads the whole shop.
 */
export const backupAdminRoutes: FastifyPluginAsync<{ database: DatabaseHandle; files: FileStore }> = async (
  app,
  { database, files },
) => {
  let running = false
  app.get(contract.download.path, async (request, reply) => {
    if (running) throw conflict('A backup is already being prepared. Try again once it has downloaded.')
    const admin = (await request.session.user())?.username
    running = true
    const stream = backupStream(database.backupSource, files)
    // Ends when the archive is sent, fails, or the owner gives up (the socket closes and Fastify
    // destroys the stream): the next backup may start then.
    stream.on('close', () => {
      running = false
    })
    stream.on('error', (error) => request.log.error({ err: error }, 'backup failed midway'))
    request.log.info({ admin }, 'backup downloaded')
    return reply
      .header('content-type', 'application/x-tar')
      .header('content-disposition', `attachment; filename="${backupFileName()}"`)
      .header('cache-control', 'private, no-store')
      .send(stream)
  })
}
