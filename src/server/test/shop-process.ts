import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { PROJECT_ROOT, SSR_ENTRY } from '../paths'

// The production build run as a real process, as `npm start` runs it on a server: for the tests that
// need several instances of the shop at once.

export const SERVER_ENTRY = path.join(PROJECT_ROOT, 'dist/server/main.js')

/** Why the production build cannot be used (missing, or older than the sources), or undefined. */
export function buildProblem(): string | undefined {
  if (!existsSync(SERVER_ENTRY) || !existsSync(SSR_ENTRY))
    return 'there is no production build: run `npm run build`'
  const built = statSync(SERVER_ENTRY).mtimeMs
  const newest = newestSource(path.join(PROJECT_ROOT, 'src/server'))
  return newest > built ? 'the production build is older than src/server: run `npm run build`' : undefined
}

function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue
    if (entry.parentPath.includes(`${path.sep}test`)) continue
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface ShopProcess {
  name: string
  url: string
  /** What the process wrote, for the failure message of a test. */
  output(): string
  stop(): Promise<void>
}

const running = new Set<ChildProcess>()
// Whatever happens to the test run, no shop is left behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * Starts `node dist/server/main.js` with exactly `env` (plus PATH; NODE_ENV unset, as `npm start`
 * leaves it, so the entry makes it production) and waits until /readyz says ready. `nodeArgs` go
 * before the entry (a module to `--import` first).
 */
export async function startShop(
  name: string,
  env: Record<string, string>,
  { readyWithinMs = 120_000, nodeArgs = [] }: { readyWithinMs?: number; nodeArgs?: string[] } = {},
): Promise<ShopProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  // 'close', not 'exit': what the process wrote as it exited has been read too.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
  child.once('exit', () => running.delete(child))

  const shop: ShopProcess = {
    name,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const stopped = await Promise.race([exited.then(() => true), delay(15_000).then(() => false)])
      if (!stopped) {
        child.kill('SIGKILL')
        await exited
      }
    },
  }
  const deadline = Date.now() + readyWithinMs
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode} before it was ready:\n${output}`)
    try {
      const response = await fetch(`${shop.url}/readyz`)
      if (response.ok) return shop
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await shop.stop()
      throw new Error(`${name} was not ready within ${readyWithinMs} ms:\n${output}`)
    }
    await delay(250)
  }
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
