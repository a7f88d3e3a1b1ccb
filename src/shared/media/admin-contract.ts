import { z } from 'zod'
import { endpoint } from '../contract'

// The owner's uploads (product and category pictures); the route is inside the admin scope.

export const mediaAdminContract = {
  /** A multipart upload (field `images`): the body is files, which no JSON schema describes. */
  uploadProductImage: endpoint({
    method: 'POST',
    permission: 'products:edit',
    path: '/api/upload/product-image',
    response: { 200: z.object({ files: z.array(z.string()) }) },
  }),
}
