import { endpoint } from '../contract'
import { importConfirmSchema, importIdParams, importPreviewAnswer, importProgressAnswer } from './schema'

// The catalogue import (issue 37); the routes are inside the admin scope.

export const catalogImportAdminContract = {
  /**
   * The dry run of a multipart upload (`file`: the CSV, `images`: an optional ZIP of pictures),
   * whose body no JSON schema describes.
   */
  preview: endpoint({
    method: 'POST',
    permission: ['products:edit', 'products:prices', 'products:cost'],
    path: '/api/admin/products/imports',
    response: { 201: importPreviewAnswer },
  }),
  progress: endpoint({
    method: 'GET',
    permission: ['products:edit', 'products:prices', 'products:cost'],
    path: '/api/admin/products/imports/:id',
    params: importIdParams,
    response: { 200: importProgressAnswer },
  }),
  /** The final report as a CSV file: no JSON answer to describe. */
  report: endpoint({
    method: 'GET',
    permission: ['products:edit', 'products:prices', 'products:cost'],
    path: '/api/admin/products/imports/:id/report.csv',
    params: importIdParams,
    response: {},
  }),
  /** The owner's go-ahead: the job starts, and the answer is its first progress. */
  confirm: endpoint({
    method: 'POST',
    permission: ['products:edit', 'products:prices', 'products:cost'],
    path: '/api/admin/products/imports/:id/confirm',
    params: importIdParams,
    body: importConfirmSchema,
    response: { 202: importProgressAnswer },
  }),
}
