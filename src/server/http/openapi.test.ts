import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the OpenAPI document', () => {
  it('describes every API route from its zod schemas, as OpenAPI 3.1', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toBe('3.1.0')
    const documented = new Set(
      Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    )
    const apiRoutes = t.app.declaredRoutes
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .filter((route) => route.url !== '/api/openapi.json')
      .map((route) => `${route.method} ${route.url}`)
    expect(apiRoutes.filter((route) => !documented.has(route))).toEqual([])
    // A body schema comes through with its rules.
    const login = document.paths['/api/login'].post.requestBody.content['application/json'].schema
    expect(login.required).toEqual(expect.arrayContaining(['username', 'password']))
  })

  it('offers browsable docs outside production only', async () => {
    // The test configuration is production's (NODE_ENV defaults to production).
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404)
    const development = await createTestApp({ env: { NODE_ENV: 'development' } })
    try {
      const docs = await development.app.inject({ method: 'GET', url: '/api/docs/' })
      expect(docs.statusCode).toBe(200)
      expect(docs.headers['content-type']).toContain('text/html')
    } finally {
      await development.close()
    }
  })
})
