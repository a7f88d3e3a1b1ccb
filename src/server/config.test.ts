import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { maskSecrets } from './plugins/logging'

const base = { DATA_DIR: '/tmp/jade-config-test', SESSION_SECRET: 'x'.repeat(40) }

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(base)
    expect(config.port).toBe(3000)
    expect(config.shipping).toEqual({ freeThresholdCents: 15000, flatCents: 695 })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.seedDemo).toBe(true)
    expect(config.trustProxy).toBe(false)
    expect(config.mailRatePerMinute).toBe(600)
    expect(loadConfig({ ...base, MAIL_RATE_PER_MINUTE: '120' }).mailRatePerMinute).toBe(120)
    expect(config.importFetchTimeoutMs).toBe(10_000)
    expect(loadConfig({ ...base, IMPORT_FETCH_TIMEOUT_MS: '30000' }).importFetchTimeoutMs).toBe(30_000)
  })

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['FREE_SHIPPING_THRESHOLD_CENTS', '-5'],
    ['TRUST_PROXY', 'maybe'],
    ['SESSION_SECRET', 'short'],
    ['STORE_EMAIL', 'not an email'],
    ['MAIL_RATE_PER_MINUTE', '0'],
    ['MAIL_RATE_PER_MINUTE', 'fast'],
    ['IMPORT_FETCH_TIMEOUT_MS', '500'],
    ['IMPORT_FETCH_TIMEOUT_MS', '600000'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name)
  })

  it('needs the admin username and password together', () => {
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'owner' })).toThrow('ADMIN_PASSWORD')
  })

  it('refuses the test card provider on an https deployment unless asked for by name', () => {
    const https = { ...base, PUBLIC_URL: 'https://shop.example.com' }
    expect(() => loadConfig(https)).toThrow(ConfigError)
    expect(() => loadConfig(https)).toThrow(/STRIPE_SECRET_KEY.*PAYMENT_PROVIDER=test/s)
    expect(loadConfig({ ...https, PAYMENT_PROVIDER: 'test' }).paymentProvider).toBe('test')
    expect(loadConfig({ ...https, STRIPE_SECRET_KEY: 'sk_live_x' }).paymentProvider).toBe('stripe')
    // A bare `npm start` on a fresh machine keeps the test provider.
    expect(loadConfig(base).paymentProvider).toBe('test')
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://localhost:3000' }).paymentProvider).toBe('test')
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe' })).toThrow('PAYMENT_PROVIDER')
  })

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2)
    // One load balancer: one hop, not "believe every hop" (a client could then pick its address).
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false)
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ])
    // One address alone is a list, not a malformed number.
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1'])
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/40' })).toThrow('TRUST_PROXY')
    // Values that would reach Fastify as something it ignores stop start-up, saying what to write.
    for (const value of ['1.5', '-1', '1e2', '99']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY: a hop count/)
    }
  })

  it('reads the S3 settings together, and refuses half of them', () => {
    const s3 = loadConfig({
      ...base,
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: 'https://objects.example.com',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.example.com/jade/',
    }).s3
    expect(s3).toEqual({
      bucket: 'uploads',
      endpoint: 'https://objects.example.com',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/jade',
    })
    // Without keys, the AWS SDK's default credential chain applies.
    expect(loadConfig({ ...base, S3_BUCKET: 'uploads' }).s3?.credentials).toBeUndefined()
    expect(loadConfig(base).s3).toBeUndefined()
    expect(() => loadConfig({ ...base, S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'S3_SECRET_ACCESS_KEY',
    )
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'https://objects.example.com' })).toThrow(
      'S3_BUCKET: S3_ENDPOINT is set but S3_BUCKET is not',
    )
    expect(() => loadConfig({ ...base, S3_BUCKET: 'uploads', S3_PUBLIC_URL: 'cdn' })).toThrow('S3_PUBLIC_URL')
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN')
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...base, PORT: '', DATABASE_URL: '' }).port).toBe(3000)
  })
})

describe('log masking', () => {
  it('hides reset tokens, order access keys and passwords in logged URLs', () => {
    expect(maskSecrets('/api/order-status/1001?key=s3cr3t')).toBe('/api/order-status/1001?key=[redacted]')
    expect(maskSecrets('/account/reset-password?token=abc123&x=1')).toBe(
      '/account/reset-password?token=[redacted]&x=1',
    )
    expect(maskSecrets('/api/x?a=1&password=hunter2')).toBe('/api/x?a=1&password=[redacted]')
    expect(maskSecrets('/products?q=token')).toBe('/products?q=token')
  })
})
