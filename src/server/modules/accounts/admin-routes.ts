import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountsAdminContract as contract } from '../../../shared/accounts/admin-contract'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { currentUser } from '../../http/guards'
import type { FileStore } from '../media/file-store'
import { certificateFileOf, deleteCertificateFile } from '../tax/exemptions'
import { accountSummary, deleteUser, listUsersPage, setAdmin } from './admin-service'
import { toPublicUser } from './service'

/** The Accounts screen's calls; registered inside the admin scope (plugins/admin-scope.ts). */
export const accountsAdminRoutes: FastifyPluginAsyncZod<{ db: Database; files: FileStore }> = async (
  app,
  { db, files },
) => {
  app.get(contract.list.path, { schema: schemaOf(contract.list) }, (request) =>
    listUsersPage(db, request.query),
  )

  app.get(contract.summary.path, { schema: schemaOf(contract.summary) }, () => accountSummary(db))

  app.patch(contract.setAdmin.path, { schema: schemaOf(contract.setAdmin) }, async (request) =>
    toPublicUser(await setAdmin(db, await currentUser(request), request.params.id, request.body.isAdmin)),
  )

  app.delete(contract.remove.path, { schema: schemaOf(contract.remove) }, async (request) => {
    // The buyer's tax certificate file goes with the account (its row goes by cascade).
    const certificate = await certificateFileOf(db, request.params.id)
    await deleteUser(db, await currentUser(request), request.params.id)
    await deleteCertificateFile(files, certificate, request.log)
    return { message: 'Account deleted' }
  })
}
