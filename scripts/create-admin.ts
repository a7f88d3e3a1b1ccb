// npm run admin:create -- <username>   (the password is read from standard input)
import { createInterface } from 'node:readline'
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { databaseLocation } from '../src/server/db/location'
import { mailLinksFrom } from '../src/server/modules/accounts/security-notices'
import { AdminNameTakenError, upsertAdmin } from '../src/server/modules/accounts/service'
import { PASSWORD_MIN } from '../src/shared/accounts/schema'

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stdout.write('Password: ')
  const lines = createInterface({ input: process.stdin, terminal: false })
  for await (const line of lines) {
    lines.close()
    return line
  }
  return ''
}

const username = process.argv[2]
if (!username || username.length < 3) {
  console.error('Usage: npm run admin:create -- <username>  (at least 3 characters; password on stdin)')
  process.exit(2)
}
const password = await readPassword()
if (password.length < PASSWORD_MIN) {
  console.error(`The password must be at least ${PASSWORD_MIN} characters.`)
  process.exit(2)
}
const config = loadConfig()
const database = await openDatabase(databaseLocation(config))
try {
  const admin = await upsertAdmin(database.db, username, password, mailLinksFrom(config))
  console.info(`Administrator "${admin.username}" is ready (id ${admin.id}).`)
} catch (error) {
  if (!(error instanceof AdminNameTakenError)) throw error
  console.error(error.message.replace(/^ADMIN_USERNAME: /, ''))
  process.exitCode = 1
} finally {
  await database.close()
}
