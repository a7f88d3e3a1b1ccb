import path from 'node:path'
import type { Config } from '../../config'
import type { FileStore } from './file-store'
import { LocalFileStore } from './local-file-store'
import { S3FileStore } from './s3-file-store'

/** The bucket when S3_BUCKET is set (required beyond one machine), else DATA_DIR/uploads. */
export function createFileStore(config: Pick<Config, 's3' | 'dataDir'>): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(path.join(config.dataDir, 'uploads'))
}
