// The Playwright journeys' shops, one per worker (playwright.config.ts starts this as its web server).
//
// The demo catalogue is drawn and seeded once, into the first shop's data directory, by a server
// that then stops; each other shop starts from a copy of that directory (a database migrated and
// seeded once and copied, as the integration tests do). Then every shop's server starts at once,
// and the line `e2e shops ready` tells Playwright they all answer. Seeding is most of a server's
// start (about 75 of 92 s on the loaded 2-core machine, against 18 s for a start on a seeded
// directory), and Playwright starts the servers of a `webServer` list one after another.
//
// Reads the shops' environment from its own, plus E2E_SHOPS (how many), E2E_FIRST_PORT (the first
// shop's port; the others follow) and E2E_SHOPS_DIR (the shops' data directories are shop-0,
// shop-1… in it). Playwright stops the whole process group when the run ends.
import { spawn } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'

const shops = Number(process.env.E2E_SHOPS)
const firstPort = Number(process.env.E2E_FIRST_PORT)
const shopsDir = process.env.E2E_SHOPS_DIR
if (!(shops >= 1) || !(firstPort > 0) || !shopsDir)
  throw new Error('e2e-shops: set E2E_SHOPS, E2E_FIRST_PORT and E2E_SHOPS_DIR')

const shop = (index) => ({ port: firstPort + index, dataDir: path.join(shopsDir, `shop-${index}`) })

const inUse = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.on('connect', () => {
      socket.end()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })

const children = new Set()
// However this script ends, its servers end with it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})

function serve({ port, dataDir }, env = {}) {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  children.add(child)
  child.exited = new Promise((resolve) => child.on('exit', resolve))
  return child
}

async function healthy(child, { port }) {
  let exited = false
  child.exited.then(() => {
    exited = true
  })
  for (;;) {
    if (exited) throw new Error(`e2e-shops: the server on port ${port} exited before it answered`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

for (let index = 0; index < shops; index += 1)
  if (await inUse(shop(index).port))
    throw new Error(`e2e-shops: port ${shop(index).port} is in use; choose another E2E_PORT`)

const started = performance.now()
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`

// Seeded once, stopped cleanly (the database closed), then copied.
const seeder = serve(shop(0), { SEED_DEMO: 'true', SHUTDOWN_GRACE_MS: '0' })
await healthy(seeder, shop(0))
seeder.kill('SIGTERM')
const code = await seeder.exited
children.delete(seeder)
if (code !== 0) throw new Error(`e2e-shops: the seeding server stopped with ${code}`)
// A copy replaces whatever an earlier run with the same E2E_DATA_DIR left there.
for (let index = 1; index < shops; index += 1) {
  rmSync(shop(index).dataDir, { recursive: true, force: true })
  cpSync(shop(0).dataDir, shop(index).dataDir, { recursive: true })
}
process.stderr.write(`e2e-shops: the demo shop seeded and copied in ${seconds()}\n`)

const servers = Array.from({ length: shops }, (_, index) => [serve(shop(index)), shop(index)])
await Promise.all(servers.map(([child, where]) => healthy(child, where)))
// A shop that stops mid-run would fail every journey after it with a refused connection: say so.
for (const [child, where] of servers)
  child.exited.then((exitCode) => {
    process.stderr.write(`e2e-shops: the server on port ${where.port} stopped (${exitCode}) during the run\n`)
    process.exit(1)
  })
process.stderr.write(`e2e-shops: ${shops} shops answer after ${seconds()}\n`)
process.stdout.write(`e2e shops ready: ${shops} on ports ${firstPort}-${firstPort + shops - 1}\n`)
