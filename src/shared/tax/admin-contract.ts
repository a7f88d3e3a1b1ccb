import { z } from 'zod'
import { endpoint } from '../contract'
import { listAnswer } from '../wire'
import { salesTaxReportAnswer, salesTaxReportQuerySchema } from './report'
import {
  TAX_SOURCING,
  taxAddressSchema,
  taxCalculationSchema,
  taxExemptionAnswer,
  taxExemptionSchema,
  taxSettingsSchema,
} from './schema'
import { rateTablePreviewAnswer, rateTableSummaryAnswer } from './tables'
import { taxWatchAnswer } from './watch'

// The owner's sales tax (issue 34): settings, rate tables, the test calculator, the report and
// the buyers' exemptions; the routes are inside the admin scope.

const cents = z.number({ error: 'Amounts are in cents' }).int().min(0).max(100_000_000)
const id = z.coerce.number().int().positive()

/** The settings as stored: the request's schema without its checks and rewrites. */
export const taxSettingsAnswer = z.object({
  enabled: z.boolean(),
  origin: z.object({ address: z.string(), city: z.string(), state: z.string(), zipCode: z.string() }),
  registrations: z.array(
    z.object({
      state: z.string(),
      permitNumber: z.string(),
      sourcing: z.enum(TAX_SOURCING),
      shippingTaxable: z.boolean(),
      /** Decimal, 0.0625. */
      stateRate: z.number(),
    }),
  ),
  /** Economic-nexus thresholds by state, in cents, where not the usual $100,000. */
  nexusThresholds: z.record(z.string(), z.number().int()).optional(),
})

export const taxAdminContract = {
  /** Read by any member: Record Sale needs to know whether tax is on and where the shop is. */
  settings: endpoint({
    method: 'GET',
    permission: 'staff',
    path: '/api/admin/settings/tax',
    response: { 200: taxSettingsAnswer },
  }),
  saveSettings: endpoint({
    method: 'PUT',
    permission: 'settings:manage',
    path: '/api/admin/settings/tax',
    body: taxSettingsSchema,
    response: { 200: taxSettingsAnswer },
  }),
  calculate: endpoint({
    method: 'POST',
    permission: 'sales:record',
    path: '/api/admin/tax/calculate',
    body: z.object({ address: taxAddressSchema, amount: cents, shipping: cents.default(0) }),
    response: { 200: taxCalculationSchema },
  }),
  report: endpoint({
    method: 'GET',
    permission: 'ledger:view',
    path: '/api/admin/reports/sales-tax',
    querystring: salesTaxReportQuerySchema,
    response: { 200: salesTaxReportAnswer },
  }),
  /** The report as a CSV file: no JSON answer to describe. */
  reportCsv: endpoint({
    method: 'GET',
    permission: 'ledger:view',
    path: '/api/admin/reports/sales-tax.csv',
    querystring: salesTaxReportQuerySchema,
    response: {},
  }),
  exemption: endpoint({
    method: 'GET',
    permission: 'customers:view',
    path: '/api/admin/users/:id/tax-exemption',
    params: z.object({ id }),
    response: { 200: z.object({ exemption: taxExemptionAnswer.nullable() }) },
  }),
  saveExemption: endpoint({
    method: 'PUT',
    permission: 'customers:manage',
    path: '/api/admin/users/:id/tax-exemption',
    params: z.object({ id }),
    body: taxExemptionSchema,
    response: { 200: taxExemptionAnswer },
  }),
  /** 204: no content. */
  removeExemption: endpoint({
    method: 'DELETE',
    permission: 'customers:manage',
    path: '/api/admin/users/:id/tax-exemption',
    params: z.object({ id }),
    response: { 204: z.undefined() },
  }),
  watch: endpoint({
    method: 'GET',
    permission: 'ledger:view',
    path: '/api/admin/tax/watch',
    response: { 200: taxWatchAnswer },
  }),
  tables: endpoint({
    method: 'GET',
    permission: 'settings:manage',
    path: '/api/admin/tax/tables',
    response: { 200: listAnswer(rateTableSummaryAnswer) },
  }),
  /** A multipart upload (`file`, `state`, `effectiveFrom`), whose body no JSON schema describes. */
  uploadTable: endpoint({
    method: 'POST',
    permission: 'settings:manage',
    path: '/api/admin/tax/tables',
    response: { 201: rateTablePreviewAnswer },
  }),
  applyTable: endpoint({
    method: 'POST',
    permission: 'settings:manage',
    path: '/api/admin/tax/tables/:id/apply',
    params: z.object({ id }),
    response: { 200: rateTableSummaryAnswer },
  }),
}
