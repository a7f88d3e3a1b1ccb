import { stringify } from 'csv-stringify/sync'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { newsletterAdminContract as contract } from '../../../shared/newsletter/admin-contract'
import { dayIn, formatCsvDateTime } from '../../../shared/shop-dates/wall-time'
import type { Database } from '../../db/client'
import { schemaOf } from '../../http/contract'
import { allSubscriberEmails, listSubscribers, subscriberSummary } from './service'

/** The Subscribers screen's calls; registered inside the admin scope (plugins/admin-scope.ts). */
export const newsletterAdminRoutes: FastifyPluginAsyncZod<{
  db: Database
  /** The shop's clock, for the export's dates and its name. */
  timeZone: string
}> = async (app, { db, timeZone }) => {
  app.get(contract.summary.path, { schema: schemaOf(contract.summary) }, () => subscriberSummary(db))

  app.get(contract.list.path, { schema: schemaOf(contract.list) }, (request) =>
    listSubscribers(db, request.query),
  )

  /** Every address of the filter (Copy All Emails copies the whole list, not one page). */
  app.get(contract.emails.path, { schema: schemaOf(contract.emails) }, async (request) => ({
    emails: (await allSubscriberEmails(db, request.query.search)).map((row) => row.email),
  }))

  // CSV by a CSV library: quoting of commas, quotes and line breaks is its job, not ours. A
  // leading =, +, - or @ would make a spreadsheet run the cell as a formula, so such cells get a
  // leading apostrophe (OWASP's CSV injection advice).
  app.get(
    contract.csv.path,
    { schema: { querystring: contract.csv.querystring } },
    async (request, reply) => {
      const rows = await allSubscriberEmails(db, request.query.search)
      const csv = stringify(
        rows.map((row) => [
          neutralise(row.email),
          row.createdAt ? formatCsvDateTime(row.createdAt, timeZone) : '',
        ]),
        { header: true, columns: ['Email Address', 'Date Subscribed'] },
      )
      const date = dayIn(timeZone)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="subscribers-${date}.csv"`)
        .send(csv)
    },
  )
}

const neutralise = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)
