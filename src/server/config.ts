import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'

/** How long a catalogue import waits for one picture unless IMPORT_FETCH_TIMEOUT_MS says otherwise. */
export const IMPORT_FETCH_TIMEOUT_MS = 10_000

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const cents = z.coerce
  .number({ error: 'must be a whole number of cents' })
  .int('must be a whole number of cents')
  .min(0)

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ error: 'must be a postgres:// URL' }).optional(),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://shop.example.com' }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_USERNAME: z.string().min(3, 'must be at least 3 characters').optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  STORE_NAME: z.string().default('Jade Shop'),
  STORE_EMAIL: z.email({ error: 'must be an e-mail address' }).default('hello@jadeshop.example'),
  STORE_PHONE: z.string().default('(713) 555-0123'),
  // The shop's postal address, printed on invoices and packing slips.
  STORE_ADDRESS: z.string().default('Houston, Texas'),
  // The owner's clock: "today" and "this month" in the back office start at midnight here.
  STORE_TIMEZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/Chicago')
    .default('America/Chicago'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // Where the Stripe SDK sends its requests; only a local stand-in in tests changes it.
  STRIPE_API_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:12111' }).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  // Which card provider takes payments; unset = Stripe with keys, else the built-in test provider.
  PAYMENT_PROVIDER: z.enum(['stripe', 'test'], { error: 'must be stripe or test' }).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// (or rediss://) URL')
    .optional(),
  FREE_SHIPPING_THRESHOLD_CENTS: cents.default(15000),
  FLAT_SHIPPING_CENTS: cents.default(695),
  // How long a Zelle order holds its pieces without any payment; fractions allowed (0.01 = 36 s).
  RESERVATION_HOURS: z.coerce
    .number({ error: 'must be a number of hours, such as 72 or 0.5' })
    .positive('must be a positive number of hours')
    .default(72),
  // How many orders awaiting payment one e-mail address, or one client address, may hold at once.
  MAX_OPEN_UNPAID_ORDERS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(3),
  // How many pieces one e-mail address, or one client address, may hold in orders awaiting payment.
  MAX_UNPAID_PIECES: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(5),
  // Hours after an unfinished card checkout (or a signed-in shopper's last cart change) that one
  // reminder goes out; fractions allowed (0.5 = half an hour), 0 turns reminders off.
  ABANDONED_CHECKOUT_HOURS: z.coerce
    .number({ error: 'must be a number of hours, such as 4 or 0.5 (0 turns reminders off)' })
    .min(0, 'must be 0 (off) or a positive number of hours')
    .max(720, 'must be at most 720 hours (30 days)')
    .default(4),
  // On SIGTERM, how long /readyz answers 503 while requests are still served, for the load
  // balancer to notice before the listener closes.
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds, such as 5000' })
    .int('must be a whole number of milliseconds, such as 5000')
    .min(0, 'must be 0 or more milliseconds')
    .max(300_000, 'must be at most 300000 (5 minutes)')
    .default(5000),
  // Past the grace, how long requests in flight, the jobs and the database get to finish before
  // the stop is forced (exit code 1).
  SHUTDOWN_FINISH_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds, such as 10000' })
    .int('must be a whole number of milliseconds, such as 10000')
    .min(100, 'must be at least 100 milliseconds')
    .max(300_000, 'must be at most 300000 (5 minutes)')
    .default(10_000),
  // How many e-mails a minute the mail worker hands the relay while a newsletter campaign is
  // sending (most SMTP relays limit the rate); the shop's own mail is never held back by it.
  MAIL_RATE_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number of e-mails a minute, such as 600' })
    .int('must be a whole number of e-mails a minute, such as 600')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(600),
  TRUST_PROXY: z.string().default('false'),
  // Hosts the shop answers to when PUBLIC_URL is unset (comma-separated); links never use others.
  ALLOWED_HOSTS: z.string().optional(),
  SEED_DEMO: booleanFlag.default(true),
  // Hosts a catalogue import may fetch pictures from although they are private or local (tests).
  IMPORT_FETCH_ALLOW_HOSTS: z.string().optional(),
  // How long a catalogue import waits for one picture by web address before the row says why not.
  IMPORT_FETCH_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds, such as 10000' })
    .int('must be a whole number of milliseconds, such as 10000')
    .min(1000, 'must be at least 1000 milliseconds')
    .max(120_000, 'must be at most 120000 (2 minutes)')
    .default(IMPORT_FETCH_TIMEOUT_MS),
  // Uploads in an S3-compatible bucket (required beyond one machine); unset = DATA_DIR/uploads.
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z
    .url({ error: 'must be a URL such as https://<account>.r2.cloudflarestorage.com' })
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_PUBLIC_URL: z.url({ error: 'must be a URL such as https://cdn.example.com/uploads' }).optional(),
  // /metrics for other machines (Authorization: Bearer); unset = only from this machine.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // The API's description (every operation, the back office's too): administrators only in production.
  OPENAPI_PUBLIC: booleanFlag.default(false),
  // Tests only: how often the background jobs run (and their first delay), instead of hourly/by minute.
  JADE_JOBS_EVERY_MS: z.coerce.number().int().positive().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Env = z.infer<typeof envSchema>

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string | undefined
  sessionSecret: string
  secureCookies: boolean
  admin: { username: string; password: string } | undefined
  store: { name: string; email: string; phone: string; timeZone: string; address: string }
  stripe:
    | {
        secretKey: string
        publishableKey: string | undefined
        webhookSecret: string | undefined
        apiUrl: string | undefined
      }
    | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /** MAIL_RATE_PER_MINUTE: the pace of campaign mail. */
  mailRatePerMinute: number
  /** `test` is the built-in provider that accepts Stripe's test cards and takes no money. */
  paymentProvider: 'stripe' | 'test'
  redisUrl: string | undefined
  shipping: { freeThresholdCents: number; flatCents: number }
  /** Zelle orders: how long pieces wait for a first payment, and how many such orders one client holds. */
  reservation: { hours: number; maxOpenUnpaidOrders: number; maxUnpaidPieces: number }
  /** ABANDONED_CHECKOUT_HOURS: when an unfinished checkout is reminded; 0 = never. */
  abandonedCheckoutHours: number
  /** SHUTDOWN_GRACE_MS: on SIGTERM, how long /readyz says 503 before the listener closes. */
  shutdownGraceMs: number
  /** SHUTDOWN_FINISH_MS: then how long what is in flight may take before the stop is forced. */
  shutdownFinishMs: number
  /**
   * Which X-Forwarded-For hops to believe: true (every hop), a hop count (the last N), or the
   * proxies' addresses/CIDRs. http/trust-proxy.ts hands it to Fastify in a form Fastify acts on.
   */
  trustProxy: boolean | number | string[]
  /** Hosts trusted for links when PUBLIC_URL is unset (lower-case, with port when not 80/443). */
  allowedHosts: string[]
  seedDemo: boolean
  /** IMPORT_FETCH_ALLOW_HOSTS: hosts exempt from the import's private-address check (lower-case). */
  importFetchAllowHosts: string[]
  /** IMPORT_FETCH_TIMEOUT_MS: how long an import waits for one picture by web address. */
  importFetchTimeoutMs: number
  /** Uploads in a bucket; undefined keeps them under DATA_DIR/uploads. */
  s3: S3Settings | undefined
  /** Bearer token that lets other machines read /metrics. */
  metricsToken: string | undefined
  /** /api/openapi.json for every visitor in production too (it is always public outside it). */
  openApiPublic: boolean
  /** Tests only: every job runner's interval and first delay. */
  jobsEveryMs: number | undefined
  logLevel: Env['LOG_LEVEL']
  isProduction: boolean
}

export interface S3Settings {
  bucket: string
  /** For stores other than AWS; unset = AWS for the region. */
  endpoint: string | undefined
  region: string
  /** Unset = the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined
  forcePathStyle: boolean
  /** A CDN or bucket base that browsers fetch images from, instead of the app's /uploads/. */
  publicUrl: string | undefined
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(stripEmpty(env))
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid environment:\n  ADMIN_PASSWORD: set ADMIN_USERNAME and ADMIN_PASSWORD together',
    )
  }
  if (e.DATABASE_URL && !/^postgres(ql)?:\/\//.test(e.DATABASE_URL)) {
    throw new ConfigError('Invalid environment:\n  DATABASE_URL: must be a postgres:// URL')
  }
  const dataDir = path.resolve(e.DATA_DIR)
  const paymentProvider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'test')
  if (paymentProvider === 'stripe' && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError(
      'Invalid environment:\n  PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY)',
    )
  }
  // A real deployment (served over https) must never take test cards by accident: the built-in
  // provider marks orders paid without any money moving.
  if (paymentProvider === 'test' && e.PUBLIC_URL?.startsWith('https://') && e.PAYMENT_PROVIDER !== 'test') {
    throw new ConfigError(
      'Invalid environment:\n  STRIPE_SECRET_KEY: PUBLIC_URL is https (a real deployment) but no card provider is set up. ' +
        'Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or PAYMENT_PROVIDER=test to take test cards on purpose.',
    )
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'Invalid environment:\n  S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    )
  }
  const s3Only = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_PUBLIC_URL'] as const
  const orphan = s3Only.find((name) => e[name] !== undefined)
  if (!e.S3_BUCKET && orphan) {
    throw new ConfigError(`Invalid environment:\n  S3_BUCKET: ${orphan} is set but S3_BUCKET is not`)
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    store: {
      name: e.STORE_NAME,
      email: e.STORE_EMAIL,
      phone: e.STORE_PHONE,
      timeZone: e.STORE_TIMEZONE,
      address: e.STORE_ADDRESS,
    },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiUrl: e.STRIPE_API_URL,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.STORE_NAME} <${e.STORE_EMAIL}>`,
    mailRatePerMinute: e.MAIL_RATE_PER_MINUTE,
    paymentProvider,
    redisUrl: e.REDIS_URL,
    shipping: { freeThresholdCents: e.FREE_SHIPPING_THRESHOLD_CENTS, flatCents: e.FLAT_SHIPPING_CENTS },
    reservation: {
      hours: e.RESERVATION_HOURS,
      maxOpenUnpaidOrders: e.MAX_OPEN_UNPAID_ORDERS,
      maxUnpaidPieces: e.MAX_UNPAID_PIECES,
    },
    abandonedCheckoutHours: e.ABANDONED_CHECKOUT_HOURS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownFinishMs: e.SHUTDOWN_FINISH_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    allowedHosts: (e.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    seedDemo: e.SEED_DEMO,
    importFetchTimeoutMs: e.IMPORT_FETCH_TIMEOUT_MS,
    importFetchAllowHosts: (e.IMPORT_FETCH_ALLOW_HOSTS ?? '')
      .split(',')
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ''),
      )
      .filter(Boolean),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    openApiPublic: e.OPENAPI_PUBLIC,
    jobsEveryMs: e.JADE_JOBS_EVERY_MS,
    logLevel: e.LOG_LEVEL,
    isProduction: e.NODE_ENV === 'production',
  }
}

/** More hops than any real chain of proxies: a typo, or an address without its dots. */
const MAX_PROXY_HOPS = 10

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: true/false, a number of hops, or a
 * comma-separated list of proxy addresses or CIDR ranges (only those hops are believed).
 */
function parseTrustProxy(value: string): boolean | number | string[] {
  // A number is a hop count before it is a flag: `1` (one load balancer) must not read as `true`,
  // which believes every hop, so a client's own X-Forwarded-For would name any address it likes.
  // Fastify itself ignores a number (it trusts nothing); app.ts turns it into "the last N hops".
  if (/^\d+$/.test(value.trim())) {
    const hops = Number(value.trim())
    if (hops > MAX_PROXY_HOPS) {
      throw new ConfigError(
        `Invalid environment:\n  TRUST_PROXY: a hop count is the number of your own proxies in front of the app (1 behind one load balancer, 2 behind a CDN and a load balancer), at most ${MAX_PROXY_HOPS}`,
      )
    }
    return hops || false
  }
  // '1.5', '-1' or '1e2' read as numbers (an address such as 127.0.0.1 does not).
  if (value.trim() !== '' && Number.isFinite(Number(value.trim()))) {
    throw new ConfigError(
      'Invalid environment:\n  TRUST_PROXY: a hop count is a whole number (1 behind one load balancer, 2 behind a CDN and a load balancer)',
    )
  }
  const flag = booleanFlag.safeParse(value.trim().toLowerCase())
  if (flag.success) return flag.data
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const valid = entries.length > 0 && entries.every((entry) => isAddressOrCidr(entry))
  if (!valid) {
    throw new ConfigError(
      'Invalid environment:\n  TRUST_PROXY: must be true, false, a hop count, or a comma-separated list of addresses/CIDRs',
    )
  }
  return entries
}

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/')
  if (rest.length > 0 || !address) return false
  const family = isIP(address)
  if (family === 0) return false
  if (bits === undefined) return true
  if (!/^\d+$/.test(bits)) return false
  return Number(bits) <= (family === 4 ? 32 : 128)
}

/** Empty variables count as unset, as a shell user expects from `FOO= npm start`. */
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]))
}

// Without SESSION_SECRET a single machine still keeps its sessions across restarts: the secret is
// generated once and kept beside the data. Several instances must share SESSION_SECRET.
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
