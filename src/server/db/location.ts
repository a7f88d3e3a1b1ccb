import path from 'node:path'
import type { Config } from '../config'
import type { DatabaseLocation } from './client'

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database under DATA_DIR/db. */
export function databaseLocation(config: Config): DatabaseLocation {
  return config.databaseUrl
    ? { driver: 'postgres', url: config.databaseUrl }
    : { driver: 'pglite', dataDir: path.join(config.dataDir, 'db') }
}
