import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCookie } from '../test/factories'
import { createTestApp, registerCustomer, type TestApp } from '../test/helpers'

let t: TestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = await adminCookie(t.app, t.handle.db)
})
afterAll(() => t.close())

describe('the OpenAPI document', () => {
  it('describes every API route from its zod schemas, as OpenAPI 3.1', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { cookie: admin },
    })
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

  it('is for administrators in production, for everyone with OPENAPI_PUBLIC=true or outside production', async () => {
    // The test configuration is production's (NODE_ENV defaults to production).
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(401)
    const customer = (await registerCustomer(t.app)).cookie
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { cookie: customer },
    })
    expect(asCustomer.statusCode).toBe(403)
    expect(asCustomer.body).not.toContain('/api/admin/')
    for (const env of [{ OPENAPI_PUBLIC: 'true' }, { NODE_ENV: 'development' }] as Record<string, string>[]) {
      const other = await createTestApp({ env })
      try {
        const response = await other.app.inject({ method: 'GET', url: '/api/openapi.json' })
        expect({ env, status: response.statusCode }).toEqual({ env, status: 200 })
      } finally {
        await other.close()
      }
    }
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
