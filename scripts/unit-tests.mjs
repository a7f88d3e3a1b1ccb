// `npm run test:unit`: the unit and integration suites (Vitest), on this Node, or on the Node binary
// that TEST_NODE names (CI runs them on Node 24 LTS, the supported runtime; see .ci/run).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const node = process.env.TEST_NODE || process.execPath
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url))
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim()
if (!version) {
  console.error(`TEST_NODE=${node} is not a Node.js binary that runs`)
  process.exit(1)
}
console.info(`== unit and integration tests on Node ${version}`)
const result = spawnSync(node, [vitest, 'run', ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(result.status ?? 1)
