import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { requirePermission } from './guards'

/**
 * The API described from the routes' own zod schemas (OpenAPI 3.1), at /api/openapi.json; the
 * fuzz test walks it. In production it names every back-office operation, a map for an attacker,
 * so only administrators read it there unless OPENAPI_PUBLIC=true. Browsable docs for developers
 * at /api/docs, never in production. Registered before the routes: it learns them as they are
 * declared.
 */
async function openApiPlugin(
  app: FastifyInstance,
  opts: { docs: boolean; publicDocument: boolean; storeName: string },
) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${opts.storeName} API`,
        description:
          'Storefront, account and back-office endpoints. Errors are `{ message, errors?: [{ field, message }] }`. ' +
          'Signed-in calls use the `sid` session cookie; back-office calls need an administrator.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      },
    },
    transform: jsonSchemaTransform,
  })
  app.get(
    '/api/openapi.json',
    {
      schema: { hide: true } as object,
      preHandler: opts.publicDocument ? [] : [(request) => requirePermission(request, 'staff')],
    },
    async (_request, reply) => {
      if (!opts.publicDocument) reply.header('cache-control', 'private, no-store')
      return app.swagger()
    },
  )
  if (opts.docs) {
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: false } })
  }
}

export default fp(openApiPlugin, { name: 'openapi' })
