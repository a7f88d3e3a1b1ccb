import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { catalogImportAdminContract as contract } from '../../../shared/catalog-import/admin-contract'
import { IMPORT_MAX_BYTES } from '../../../shared/catalog-import/schema'
import type { Database } from '../../db/client'
import { DomainError, invalidFields } from '../../errors'
import { schemaOf } from '../../http/contract'
import { RATE_LIMITS } from '../../limits/rate-limits'
import { previewImport } from './preview'
import { confirmImport, importProgress, importReportCsv } from './progress'
import type { ImportRunner } from './runner'

// The catalogue import (issue 37); registered inside the admin scope (plugins/admin-scope.ts).

const LIMIT_MB = IMPORT_MAX_BYTES / 1024 / 1024

export const catalogImportAdminRoutes: FastifyPluginAsyncZod<{
  db: Database
  runner: ImportRunner
  origin: (request: FastifyRequest) => string
}> = async (app, { db, runner, origin }) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 2, fields: 5, parts: 10 },
    throwFileSizeLimit: true,
  })

  app.post(
    contract.preview.path,
    {
      schema: schemaOf(contract.preview),
      config: { rateLimit: RATE_LIMITS.upload, acceptsMultipart: true, leavesCatalogAlone: true },
    },
    async (request, reply) => {
      // The CSV goes to a temporary file, not into memory: the dry run reads it as a stream.
      const dir = await mkdtemp(path.join(tmpdir(), 'jade-import-'))
      try {
        const { csv, zip } = await readFiles(request, dir)
        return reply.status(201).send(await previewImport(db, { csv, zip, origin: origin(request) }))
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  )

  app.get(contract.progress.path, { schema: schemaOf(contract.progress) }, (request) =>
    importProgress(db, request.params.id),
  )

  // The final report the owner keeps: every row not imported as it should have been, and why.
  app.get(contract.report.path, { schema: { params: contract.report.params } }, async (request, reply) => {
    const report = await importProgress(db, request.params.id)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="import-${report.id}-report.csv"`)
      .header('cache-control', 'no-store')
      .send(importReportCsv(report))
  })

  app.post(
    contract.confirm.path,
    { schema: schemaOf(contract.confirm), config: { leavesCatalogAlone: true } },
    async (request, reply) => {
      await confirmImport(db, request.params.id, request.body?.categoryMap ?? {})
      runner.run(request.params.id)
      return reply.status(202).send(await importProgress(db, request.params.id))
    },
  )
}

/**
 * The CSV (`file`), written to a file in `dir`, and the optional ZIP of pictures (`images`), each
 * at most IMPORT_MAX_BYTES.
 */
async function readFiles(
  request: FastifyRequest,
  dir: string,
): Promise<{ csv: string; zip: Buffer | undefined }> {
  let csv: string | undefined
  let zip: Buffer | undefined
  let name = 'The file'
  let field = 'file'
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue
      name = part.filename || 'The file'
      field = part.fieldname
      if (part.fieldname === 'file') {
        const file = path.join(dir, 'import.csv')
        await pipeline(part.file, createWriteStream(file))
        if (part.file.truncated)
          throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' })
        csv = (await stat(file)).size > 0 ? file : undefined
        continue
      }
      const data = await part.toBuffer()
      if (part.fieldname === 'images') zip = data.length > 0 ? data : undefined
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error
    const message = `${name} is larger than ${LIMIT_MB} MB, the most one import takes. Split it into several files.`
    throw new DomainError('too-large', message, [{ field, message }])
  }
  if (!csv) {
    const message = 'Choose a CSV file to import'
    throw invalidFields(message, [{ field: 'file', message }])
  }
  return { csv, zip }
}
