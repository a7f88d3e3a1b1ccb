import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '../..')
export const ADMIN = { username: 'benchadmin', password: 'bench-password-123' }

// Every child we start, so they can all be stopped on success, failure or Ctrl-C.
const children = new Set<ChildProcess>()
const tempDirs = new Set<string>()

export interface Child {
  process: ChildProcess
  /** The last lines the child wrote, for error messages. */
  output: () => string
}

function track(child: ChildProcess): Child {
  children.add(child)
  child.once('exit', () => children.delete(child))
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean))
    if (lines.length > 40) lines.splice(0, lines.length - 40)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return { process: child, output: () => lines.join('\n') }
}

export async function stopChild(child: Child, graceMs = 5000): Promise<void> {
  const proc = child.process
  if (proc.exitCode !== null || proc.signalCode !== null) return
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  proc.kill('SIGTERM')
  const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}

// Work that must happen even when Ctrl-C skips the finally blocks (dropping a scratch database).
const cleanups = new Set<() => Promise<void>>()

/** Runs `cleanup` at the end whatever happens, after the children stopped; returns the unregister. */
export function onCleanup(cleanup: () => Promise<void>): () => void {
  cleanups.add(cleanup)
  return () => cleanups.delete(cleanup)
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((proc) => stopChild({ process: proc, output: () => '' })))
  for (const cleanup of cleanups) await cleanup().catch(() => {})
  cleanups.clear()
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
  tempDirs.clear()
}

// Last resort when the bench dies without reaching its finally blocks: no orphan servers.
process.once('exit', () => {
  for (const proc of children) proc.kill('SIGKILL')
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
})
// `on`, not `once`: npm and tsx relay Ctrl-C again, and tsx exits a process that has no listener
// left, which would skip the clean-up. Anything a SIGKILL leaves behind, leftovers.ts sweeps next run.
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    console.error(`\n${signal}: stopping child processes`)
    stopAll().finally(() => process.exit(130))
  })
}

/** Temporary directories and databases carry the bench's pid, so a later run can tell if it is gone. */
export const TEMP_PREFIX = 'jade-bench-'

export function tempDir(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${TEMP_PREFIX}${process.pid}-${label}-`))
  tempDirs.add(dir)
  return dir
}

export function removeTempDir(dir: string) {
  rmSync(dir, { recursive: true, force: true })
  tempDirs.delete(dir)
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let buildRoot: string | undefined

/**
 * A private copy of the production build, laid out as the server expects (it finds dist/ and the
 * migrations two levels above main.js). Other engineers rebuild dist/ while the bench runs; without
 * the copy a run could start on one build and serve another's missing assets half-way through.
 */
export async function snapshotBuild(): Promise<string> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const root = tempDir('build')
    if (copyDist(root) && buildIsComplete(root)) {
      const migrations = 'src/server/db/migrations'
      cpSync(path.join(ROOT, migrations), path.join(root, migrations), { recursive: true })
      cpSync(path.join(ROOT, 'package.json'), path.join(root, 'package.json'))
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir')
      buildRoot = root
      return root
    }
    removeTempDir(root)
    await sleep(2000) // a build is being written: wait for it to finish
  }
  throw new Error('dist/ stayed incomplete for a minute (a build in progress?)')
}

function copyDist(root: string): boolean {
  try {
    cpSync(path.join(ROOT, 'dist'), path.join(root, 'dist'), { recursive: true })
    return true
  } catch {
    return false // a file vanished under us: a build is emptying dist/
  }
}

// Every asset the page template references exists, and so do the server and SSR entries.
function buildIsComplete(root: string): boolean {
  const required = ['dist/server/main.js', 'dist/ssr/entry-server.js', 'dist/client/index.html']
  if (!required.every((file) => existsSync(path.join(root, file)))) return false
  const template = readFileSync(path.join(root, 'dist/client/index.html'), 'utf8')
  const assets = [...template.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!)
  return assets.every((asset) => existsSync(path.join(root, 'dist/client', asset)))
}

export interface AppServer extends Child {
  baseUrl: string
  dataDir: string
}

const nodeArgs = () => process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? []

/** Starts the production server (`dist/server/main.js`) and waits until /healthz answers 200. */
export async function startApp(options: {
  databaseUrl?: string
  seedDemo: boolean
  /** Node options of this server alone (the import's capped heap), after BENCH_APP_NODE_ARGS. */
  nodeArgs?: string[]
}): Promise<AppServer> {
  const port = await freePort()
  const dataDir = tempDir(options.databaseUrl ? 'pg' : 'pglite')
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    SEED_DEMO: String(options.seedDemo),
    LOG_LEVEL: 'warn',
    // The checkout part sends each order as from a shopper of its own, through this "proxy".
    TRUST_PROXY: '127.0.0.1',
    SESSION_SECRET: randomBytes(30).toString('base64url'), // 40 characters
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  }
  const child = track(
    // BENCH_APP_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the server under load.
    spawn(
      process.execPath,
      [...nodeArgs(), ...(options.nodeArgs ?? []), path.join(buildRoot ?? ROOT, 'dist/server/main.js')],
      {
        cwd: buildRoot ?? ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ),
  )
  const baseUrl = `http://127.0.0.1:${port}`
  const server = { ...child, baseUrl, dataDir }
  try {
    await waitForHealth(server, 90_000)
  } catch (error) {
    await stopChild(server)
    throw error
  }
  return server
}

async function waitForHealth(server: AppServer, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) {
      throw new Error(`server exited with code ${server.process.exitCode}:\n${server.output()}`)
    }
    try {
      const response = await fetch(`${server.baseUrl}/healthz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error(`server not healthy after ${timeoutMs / 1000} s:\n${server.output()}`)
}

/**
 * The reference: a bare node:http server in its own process (so it gets a core, as the app does)
 * answering every request with the given bytes. It prints its port once listening.
 */
export async function startBareServer(
  bodyFile: string,
  contentType?: string,
): Promise<Child & { baseUrl: string }> {
  const args = [
    path.join(import.meta.dirname, 'bare-server.ts'),
    bodyFile,
    ...(contentType ? [contentType] : []),
  ]
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bare server did not start:\n${child.output()}`)), 15_000)
    child.process.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString())
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    child.process.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`bare server exited with code ${code}:\n${child.output()}`))
    })
  })
  return { ...child, baseUrl: `http://127.0.0.1:${port}` }
}
