import { z } from 'zod'
import { endpoint } from '../contract'

// The owner's uploads (product and category pictures, buyers' tax certificates); the routes are
// inside the admin scope.

export const mediaAdminContract = {
  /** A multipart upload (field `images`): the body is files, which no JSON schema describes. */
  uploadProductImage: endpoint({
    method: 'POST',
    permission: 'products:edit',
    path: '/api/upload/product-image',
    response: { 200: z.object({ files: z.array(z.string()) }) },
  }),
  /**
   * A buyer's resale or exemption certificate (issue 34), multipart field `file`: a PDF, kept as
   * sent, or a photo or scan, through the image pipeline. Allowed to whoever may set the exemption.
   */
  uploadTaxCertificate: endpoint({
    method: 'POST',
    permission: 'customers:manage',
    path: '/api/upload/tax-certificate',
    response: { 200: z.object({ url: z.string(), kind: z.enum(['pdf', 'image']) }) },
  }),
}
