import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

export interface S3StandIn {
  /** The shop's settings for a fresh bucket on the stand-in (S3_BUCKET, S3_ENDPOINT, ...). */
  env: Record<string, string>
  bucket: string
  endpoint: string
  /** A fresh, empty bucket on the same server, with its settings. */
  newBucket(): Promise<Record<string, string>>
  close(): Promise<void>
}

// s3rver's default account; it checks the key id (and signature version 2), not V4 signatures.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/**
 * A local server that speaks the S3 protocol (s3rver, objects kept in a temporary folder), on a
 * free port, with an empty bucket: the shop's real AWS SDK client talks to it over HTTP.
 */
export async function startS3StandIn(): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(tmpdir(), 'jade-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  })
  const newBucket = async () => {
    const bucket = `jade-${randomBytes(4).toString('hex')}`
    await client.send(new CreateBucketCommand({ Bucket: bucket }))
    return {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }
  }
  const env = await newBucket()
  return {
    env,
    bucket: env.S3_BUCKET!,
    endpoint,
    newBucket,
    close: async () => {
      client.destroy()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
