// npm run admin:reset-two-factor -- <username>
// For an owner locked out of two-factor sign-in (phone and recovery codes lost): turns it off for
// that one account, records it in the account's audit trail and tells the account's address.
// Server access only on purpose: no HTTP route can do this, so a stolen session cannot either.
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { databaseLocation } from '../src/server/db/location'
import { mailLinksFrom } from '../src/server/modules/accounts/security-notices'
import { resetTwoFactor } from '../src/server/modules/accounts/two-factor'

const username = process.argv[2]
if (!username) {
  console.error('Usage: npm run admin:reset-two-factor -- <username>')
  process.exit(2)
}
const config = loadConfig()
const database = await openDatabase(databaseLocation(config))
try {
  if (await resetTwoFactor(database.db, username, mailLinksFrom(config))) {
    console.info(`Two-factor sign-in is off for "${username}"; the account's address has been told.`)
  } else {
    console.error(`No account is named "${username}".`)
    process.exitCode = 1
  }
} finally {
  await database.close()
}
