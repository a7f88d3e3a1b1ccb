import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './test/helpers'
import { buildProblem, type ShopProcess, startShop } from './test/shop-process'

// The production build started as `npm start` starts it, with no NODE_ENV in its environment: the
// server renders pages and e-mails with React, whose development build (slower, and with checks
// meant for development) loads unless NODE_ENV says production when React is first imported. The
// module below, imported before the server's entry, names the builds of React the process ran (an
// ES import of a CommonJS module also puts the files it re-exports in the cache unrun: both
// builds are there, only one loaded).
const NAME_REACT_BUILDS = `data:text/javascript,${encodeURIComponent(`
import { createRequire } from 'node:module'
process.on('exit', () => {
  const loaded = Object.entries(createRequire('/').cache)
    .filter(([file, module]) => module.loaded && /[\\\\/]react(-dom)?[\\\\/]cjs[\\\\/]/.test(file))
    .map(([file]) => file.split(/[\\\\/]/).pop())
  console.log('react builds: ' + JSON.stringify(loaded))
})
`)}`

// The same on either database: it runs once, on PostgreSQL, where a migrated database is a copy
// of the run's template (a new embedded one would migrate first: 15 s on the 2-core machine).
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')(
  'node dist/server/main.js with no NODE_ENV',
  { timeout: 120_000 },
  () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jade-entry-'))
    let database: TestDatabase | undefined
    let shop: ShopProcess | undefined
    afterAll(async () => {
      await shop?.stop()
      await database?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    })

    it("serves pages with React's production build", async () => {
      const problem = buildProblem()
      if (problem) throw new Error(`This test runs the production build, but ${problem}`)
      database = await createTestDatabase()
      const { url } = database.location as { url: string }
      shop = await startShop(
        'entry',
        { DATABASE_URL: url, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
        { readyWithinMs: 90_000, nodeArgs: ['--import', NAME_REACT_BUILDS] },
      )
      const page = await fetch(`${shop.url}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<div id="root"')
      await shop.stop()

      const named = /^react builds: (.*)$/m.exec(shop.output())
      expect(named, shop.output()).not.toBeNull()
      const builds = JSON.parse(named![1]!) as string[]
      expect(builds.some((file) => file.includes('server') && file.includes('.production.'))).toBe(true)
      expect(builds.filter((file) => file.includes('.development.'))).toEqual([])
    })
  },
)
