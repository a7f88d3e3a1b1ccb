import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { dayIn } from '../../../shared/shop-dates/wall-time'
import { taxAdminContract as contract } from '../../../shared/tax/admin-contract'
import { stateCode } from '../../../shared/tax/schema'
import { MAX_RATE_TABLE_BYTES } from '../../../shared/tax/tables'
import type { Database } from '../../db/client'
import { DomainError, invalid, invalidFields } from '../../errors'
import { schemaOf } from '../../http/contract'
import { RATE_LIMITS } from '../../limits/rate-limits'
import type { FileStore } from '../media/file-store'
import { deleteCertificateFile, removeTaxExemption, setTaxExemption, taxExemptionOf } from './exemptions'
import { applyRateTable, listRateTables, previewRateTable, type UploadedTable } from './rate-tables'
import { salesTaxReport } from './report'
import { salesTaxCsv } from './report-csv'
import { quoteTax, readTaxSettings, writeTaxSettings } from './service'
import { taxWatch } from './watch'

/** The owner's tax settings, rate tables and test calculator; inside the admin scope. */
export const taxAdminRoutes: FastifyPluginAsyncZod<{
  db: Database
  files: FileStore
  timeZone: string
}> = async (app, { db, files, timeZone }) => {
  const today = () => dayIn(timeZone)
  await app.register(multipart, {
    limits: { fileSize: MAX_RATE_TABLE_BYTES, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  })

  app.get(contract.settings.path, { schema: schemaOf(contract.settings) }, () => readTaxSettings(db))

  app.put(contract.saveSettings.path, { schema: schemaOf(contract.saveSettings) }, (request) =>
    writeTaxSettings(db, request.body),
  )

  app.post(contract.calculate.path, { schema: schemaOf(contract.calculate) }, ({ body }) =>
    quoteTax(db, { destination: body.address, goods: body.amount, shipping: body.shipping, timeZone }),
  )

  app.get(contract.report.path, { schema: schemaOf(contract.report) }, ({ query }) =>
    salesTaxReport(db, { ...query, timeZone }),
  )

  app.get(
    contract.reportCsv.path,
    { schema: { querystring: contract.reportCsv.querystring } },
    async ({ query }, reply) => {
      const report = await salesTaxReport(db, { ...query, timeZone })
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sales-tax-${query.from}-to-${query.to}.csv"`)
        .send(salesTaxCsv(report))
    },
  )

  app.get(contract.exemption.path, { schema: schemaOf(contract.exemption) }, async (request) => ({
    exemption: await taxExemptionOf(db, request.params.id),
  }))
  // A certificate file the exemption no longer keeps (replaced, removed) is deleted once committed.
  app.put(contract.saveExemption.path, { schema: schemaOf(contract.saveExemption) }, async (request) => {
    const { exemption, dropped } = await setTaxExemption(db, files, request.params.id, request.body)
    await deleteCertificateFile(files, dropped, request.log)
    return exemption
  })
  app.delete(
    contract.removeExemption.path,
    { schema: schemaOf(contract.removeExemption) },
    async (request, reply) => {
      const { dropped } = await removeTaxExemption(db, request.params.id)
      await deleteCertificateFile(files, dropped, request.log)
      return reply.code(204).send()
    },
  )

  app.get(contract.watch.path, { schema: schemaOf(contract.watch) }, async () =>
    taxWatch(db, await readTaxSettings(db), timeZone),
  )

  app.get(contract.tables.path, { schema: schemaOf(contract.tables) }, async () => {
    const items = await listRateTables(db, today())
    return { items, total: items.length }
  })

  app.post(
    contract.uploadTable.path,
    {
      schema: schemaOf(contract.uploadTable),
      config: { rateLimit: RATE_LIMITS.upload, acceptsMultipart: true },
    },
    async (request, reply) => {
      const preview = await previewRateTable(db, await readTableUpload(request))
      return reply.code(201).send(preview)
    },
  )

  app.post(contract.applyTable.path, { schema: schemaOf(contract.applyTable) }, (request) =>
    applyRateTable(db, request.params.id, today()),
  )
}

/** The upload's file and its two fields, checked; the file is read whole (a few hundred KB). */
async function readTableUpload(request: FastifyRequest): Promise<UploadedTable> {
  if (!request.isMultipart())
    throw invalid('Send the table as multipart/form-data with file, state and effectiveFrom')
  const fields: Record<string, string> = {}
  let file: { name: string; text: string } | undefined
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      try {
        const data = await part.toBuffer()
        if (part.fieldname === 'file') file = { name: part.filename, text: data.toString('utf8') }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new DomainError(
            'too-large',
            `A rate table is at most ${MAX_RATE_TABLE_BYTES / 1024 / 1024} MB`,
          )
        throw error
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value
    }
  }
  const errors = []
  const state = stateCode(fields.state ?? '')
  if (!state) errors.push({ field: 'state', message: 'Choose the state this table is for' })
  const effectiveFrom = fields.effectiveFrom?.trim() ?? ''
  if (!/^\d{4}-\d{2}-\d{2}$/.test(effectiveFrom) || Number.isNaN(Date.parse(effectiveFrom)))
    errors.push({ field: 'effectiveFrom', message: 'Enter the date the rates take effect (YYYY-MM-DD)' })
  if (!file) errors.push({ field: 'file', message: 'Choose the rate table file (CSV)' })
  if (errors.length > 0 || !state || !file) throw invalidFields(errors[0]!.message, errors)
  return { state, effectiveFrom, fileName: file.name, text: file.text }
}
