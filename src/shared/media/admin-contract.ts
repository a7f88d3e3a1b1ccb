import { z } from 'zod'
import { endpoint } from '../contract'
import { TAX_CERTIFICATE_NAME } from '../tax/schema'

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
   * A buyer's resale or exemption certificate (issue 34), multipart field `file`: a PDF, JPEG, PNG,
   * WebP or HEIC by its content, kept as sent and private. Answers where the back office opens it
   * (`taxCertificate`), the `fileUrl` an exemption is saved with. Allowed to whoever may set the
   * exemption.
   */
  uploadTaxCertificate: endpoint({
    method: 'POST',
    permission: 'customers:manage',
    path: '/api/upload/tax-certificate',
    response: { 200: z.object({ url: z.string(), kind: z.enum(['pdf', 'image']) }) },
  }),
  /**
   * A buyer's certificate file, streamed from the private store to a member who may see customers,
   * never cached (the file itself, no JSON to describe). Never under /uploads/.
   */
  taxCertificate: endpoint({
    method: 'GET',
    permission: 'customers:view',
    path: '/api/admin/tax-certificates/:name',
    params: z.object({ name: z.string().regex(TAX_CERTIFICATE_NAME, 'No such certificate file') }),
    response: {},
  }),
}
