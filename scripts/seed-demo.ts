// npm run seed   Fills an empty database with the demo catalogue (the same seeding `npm start` does
// on first start); does nothing when products exist already.
import path from 'node:path'
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { databaseLocation } from '../src/server/db/location'
import { LocalFileStore } from '../src/server/modules/media/local-file-store'
import { seedDemoIfEmpty } from '../src/server/modules/seed/seed-demo'

const config = loadConfig()
// PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR/db.
const database = await openDatabase(databaseLocation(config))
try {
  const store = new LocalFileStore(path.join(config.dataDir, 'uploads'))
  const seeded = await seedDemoIfEmpty(database.db, store, (message) => console.info(message))
  if (!seeded) console.info('The database already has products: nothing seeded.')
} finally {
  await database.close()
}
