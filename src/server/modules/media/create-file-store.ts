import path from 'node:path'
import type { Config } from '../../config'
import type { FileStore } from './file-store'
import { LocalFileStore } from './local-file-store'

/**
 * The bucket when S3_BUCKET is set (required beyond one machine), else DATA_DIR/uploads. The AWS
 * SDK is loaded only for a bucket: a shop on one machine never pays its start-up time or memory.
 */
export async function createFileStore(config: Pick<Config, 's3' | 'dataDir'>): Promise<FileStore> {
  if (!config.s3) return new LocalFileStore(path.join(config.dataDir, 'uploads'))
  const { S3FileStore } = await import('./s3-file-store')
  return new S3FileStore(config.s3)
}
