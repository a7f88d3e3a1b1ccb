import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { TaxRegistration, TaxSettings } from '../../shared/tax/schema'
import { SAMPLE_TAX_TABLES_DIR } from '../paths'
import { multipartBody } from './multipart'

// The sales tax tests' one set-up (issue 34): a shop in Houston registered in Texas, and the
// shipped Texas sample table uploaded and applied through the owner's API.

export const TEXAS_REGISTRATION: TaxRegistration = {
  state: 'TX',
  permitNumber: '32000000001',
  sourcing: 'origin',
  shippingTaxable: true,
  stateRate: 0.0625,
}

export const HOUSTON_ORIGIN = { address: '1 Main St', city: 'Houston', state: 'TX', zipCode: '77002' }

/** Tax on, from Houston, registered in Texas: 8.25 % on every Texas order, shipping included. */
export const HOUSTON_SETTINGS: TaxSettings = {
  enabled: true,
  origin: HOUSTON_ORIGIN,
  registrations: [TEXAS_REGISTRATION],
}

/** The shipped Texas sample table (12 ZIP codes), as the owner would upload it. */
export const TEXAS_TABLE: Buffer = readFileSync(`${SAMPLE_TAX_TABLES_DIR}/TX.csv`)

/** `PUT /api/admin/settings/tax` as the owner. */
export const putTaxSettings = (app: FastifyInstance, cookie: string, settings: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/settings/tax',
    payload: settings as object,
    headers: { cookie },
  })

/** `POST /api/admin/tax/tables`: the file (with `state` and `effectiveFrom`), answered by its preview. */
export async function uploadRateTable(
  app: FastifyInstance,
  cookie: string,
  file: Buffer | string,
  fields: Record<string, string>,
  name = 'rates.csv',
) {
  const { payload, headers } = await multipartBody(
    [{ field: 'file', name, data: Buffer.from(file), type: 'text/csv' }],
    fields,
  )
  return app.inject({
    method: 'POST',
    url: '/api/admin/tax/tables',
    payload,
    headers: { ...headers, cookie },
  })
}

/** `POST /api/admin/tax/tables/:id/apply`. */
export const applyRateTable = (app: FastifyInstance, cookie: string, id: number) =>
  app.inject({ method: 'POST', url: `/api/admin/tax/tables/${id}/apply`, headers: { cookie } })

/** Uploads a table and applies it; answers the upload's preview response. */
export async function uploadAndApplyRateTable(
  app: FastifyInstance,
  cookie: string,
  file: Buffer | string,
  fields: Record<string, string>,
  name?: string,
) {
  const table = await uploadRateTable(app, cookie, file, fields, name)
  await applyRateTable(app, cookie, table.json().id)
  return table
}

/** Tax on from Houston with the Texas sample table in force from 2026-01-01. */
export async function turnOnHoustonTax(app: FastifyInstance, cookie: string) {
  await putTaxSettings(app, cookie, HOUSTON_SETTINGS)
  await uploadAndApplyRateTable(
    app,
    cookie,
    TEXAS_TABLE,
    { state: 'TX', effectiveFrom: '2026-01-01' },
    'TX.csv',
  )
}
