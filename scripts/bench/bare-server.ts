// The reference server of the catalogue benchmark: no framework, no serialisation, the product
// list's exact bytes precomputed once. Whatever the app loses against it is the app's own cost.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const file = process.argv[2]
if (!file) throw new Error('usage: bare-server.ts <body-file> [content-type]')
const body = readFileSync(file)
const headers = {
  'content-type': process.argv[3] ?? 'application/json',
  'content-length': String(body.length),
}

const server = createServer((_request, response) => {
  response.writeHead(200, headers)
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object') process.stdout.write(`listening ${address.port}\n`)
})
// Nothing to flush: keep-alive connections must not hold the exit up.
process.on('SIGTERM', () => process.exit(0))
