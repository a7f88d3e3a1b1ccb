// npm run fuzz [-- <runs per operation> [seed]]: the route fuzz test for longer, with a fresh seed
// (printed, so a failure can be replayed with FUZZ_SEED). The suite's own run uses a fixed seed.
import { spawnSync } from 'node:child_process'

const runs = process.argv[2] ?? '300'
const seed = process.argv[3] ?? String(Math.floor(Math.random() * 2 ** 31))
console.info(`fuzz: ${runs} runs per operation, seed ${seed}`)
const result = spawnSync('npx', ['vitest', 'run', 'src/server/http/fuzz.test.ts', '--project', 'pglite'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed, FUZZ_STATS: '1' },
})
process.exit(result.status ?? 1)
