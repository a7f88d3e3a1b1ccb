// `npm start`: build once if there is no build yet, then run the server.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const outputs = ['dist/server/main.js', 'dist/ssr/entry-server.js', 'dist/client/index.html']
if (!outputs.every((file) => existsSync(file))) {
  console.info('No build found: building the shop (this happens once)...')
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
await import('../dist/server/main.js')
