import { describe, expect, it } from 'vitest'
import { maskSecrets } from './app'
import { ConfigError, loadConfig } from './config'

const base = { DATA_DIR: '/tmp/jade-config-test', SESSION_SECRET: 'x'.repeat(40) }

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(base)
    expect(config.port).toBe(3000)
    expect(config.shipping).toEqual({ freeThresholdCents: 15000, flatCents: 695 })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.seedDemo).toBe(true)
    expect(config.trustProxy).toBe(false)
  })

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['FREE_SHIPPING_THRESHOLD_CENTS', '-5'],
    ['TRUST_PROXY', 'maybe'],
    ['SESSION_SECRET', 'short'],
    ['STORE_EMAIL', 'not an email'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name)
  })

  it('needs the admin username and password together', () => {
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'owner' })).toThrow('ADMIN_PASSWORD')
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...base, PORT: '', DATABASE_URL: '' }).port).toBe(3000)
  })
})

describe('log masking', () => {
  it('hides reset tokens and passwords in logged URLs', () => {
    expect(maskSecrets('/account/reset-password?token=abc123&x=1')).toBe(
      '/account/reset-password?token=[redacted]&x=1',
    )
    expect(maskSecrets('/api/x?a=1&password=hunter2')).toBe('/api/x?a=1&password=[redacted]')
    expect(maskSecrets('/products?q=token')).toBe('/products?q=token')
  })
})
