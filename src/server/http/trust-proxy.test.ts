import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:https'
import { type AddressInfo, connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../paths'
import { createTestApp, type TestApp } from '../test/helpers'

// TRUST_PROXY=1 behind the nginx of deploy/nginx/jade-shop.conf, as an operator runs it. Fastify
// 5 reads a bare hop count as "trust nothing", so every shopper had nginx's address and one
// shared set of limits. Each client here connects from its own loopback address (127.0.0.2,
// 127.0.0.3), which nginx adds to X-Forwarded-For as it would a shopper's.

const nginx = ['/usr/sbin/nginx', 'nginx'].find(
  (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0,
)
if (!nginx) {
  if (process.env.CI) throw new Error("nginx is missing: install Debian's nginx package for this suite")
  console.warn('trust-proxy.test.ts: skipped, nginx is not installed (apt-get install nginx)')
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function waitForPort(port: number, child: ChildProcess, log: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${readFileSync(log, 'utf8')}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => {
        socket.destroy()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('nginx did not start listening')
}

/** The example configuration, on free loopback ports, with a throwaway certificate and prefix. */
function nginxConfig(prefix: string, appPort: number, httpPort: number, httpsPort: number): string {
  const site = readFileSync(path.join(PROJECT_ROOT, 'deploy/nginx/jade-shop.conf'), 'utf8')
    .replace(/^\s*listen \[::\]:.*\n/gm, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
    .replace(/listen 443 /, `listen 127.0.0.1:${httpsPort} `)
    .replace(/^(\s*)server 127\.0\.0\.1:3000[^;]*;/m, `$1server 127.0.0.1:${appPort};`)
    .replace(/^\s*server 127\.0\.0\.1:\d+[^;]*;\n/gm, (line) => (line.includes(`:${appPort};`) ? line : ''))
    .replaceAll('/etc/letsencrypt/live/shop.example.com/', `${prefix}/conf/`)
  writeFileSync(path.join(prefix, 'conf/jade-shop.conf'), site)
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${prefix}/tmp/${kind};`)
    .join('\n')
  return `daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events {}
http {
    include /etc/nginx/mime.types;
    access_log off;
${temp}
    include ${prefix}/conf/jade-shop.conf;
}
`
}

let t: TestApp
let child: ChildProcess | undefined
let prefix: string
let httpsPort: number

beforeAll(async () => {
  if (!nginx) return
  t = await createTestApp({ rateLimits: true, env: { TRUST_PROXY: '1' } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const appPort = (t.app.server.address() as AddressInfo).port
  prefix = mkdtempSync(path.join(tmpdir(), 'jade-nginx-'))
  mkdirSync(path.join(prefix, 'conf'))
  mkdirSync(path.join(prefix, 'logs'))
  mkdirSync(path.join(prefix, 'tmp'))
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=shop.example.com'],
      ...['-keyout', `${prefix}/conf/privkey.pem`, '-out', `${prefix}/conf/fullchain.pem`],
    ],
    { stdio: 'ignore' },
  )
  httpsPort = await freePort()
  writeFileSync(
    path.join(prefix, 'conf/nginx.conf'),
    nginxConfig(prefix, appPort, await freePort(), httpsPort),
  )
  child = spawn(nginx, ['-p', prefix, '-c', `${prefix}/conf/nginx.conf`, '-e', `${prefix}/logs/error.log`], {
    stdio: 'ignore',
  })
  await waitForPort(httpsPort, child, `${prefix}/logs/error.log`)
})

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  if (prefix) rmSync(prefix, { recursive: true, force: true })
  await t?.close()
})

/** A guest order-status look-up through nginx from one client address; the limit left to it. */
function lookUp(from: string, forwardedFor?: string): Promise<{ status: number; remaining: number }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: httpsPort,
        localAddress: from,
        path: '/api/order-status/1',
        rejectUnauthorized: false,
        servername: 'shop.example.com',
        headers: { host: 'shop.example.com', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      },
      (response) => {
        response.resume()
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            remaining: Number(response.headers['x-ratelimit-remaining']),
          }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end()
  })
}

describe.skipIf(!nginx)('TRUST_PROXY=1 behind nginx', () => {
  it('counts two clients apart, and ignores an X-Forwarded-For a client wrote itself', async () => {
    const first = await lookUp('127.0.0.2')
    expect(first.status).toBe(404)
    expect(first.remaining).toBe(29)
    // Another shopper starts with a full allowance: the proxy's address is not everyone's.
    expect((await lookUp('127.0.0.3')).remaining).toBe(29)
    // A forged first hop, naming the other shopper or a made-up address, is still the sender's.
    expect((await lookUp('127.0.0.2', '127.0.0.3')).remaining).toBe(28)
    expect((await lookUp('127.0.0.2', '203.0.113.7, 198.51.100.9')).remaining).toBe(27)
    expect((await lookUp('127.0.0.3')).remaining).toBe(28)
  })
})
