import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { S3Settings } from '../../config'
import {
  assertSafeKey,
  contentTypeOf,
  type FileStore,
  IMMUTABLE_CACHE_CONTROL,
  type StoredFile,
} from './file-store'

/**
 * Files as objects in an S3-compatible bucket (AWS S3, R2, Spaces, and other stores that speak
 * the protocol), so every instance of the shop sees every upload. Objects sit at the bucket's top
 * level under the same keys as on disk.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client
  private readonly bucket: string

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Without keys the SDK's default chain applies (environment, shared files, instance roles).
      credentials: settings.credentials,
      // Stores other than AWS often reject or mangle the checksums the SDK now adds by default
      // (chunked uploads with trailers): send them only where an operation requires one.
      ...(settings.endpoint
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
    })
  }

  /** Start-up check: the bucket answers with these settings (a clear message instead of 500s later). */
  async verify(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode
      const reason =
        status === 404
          ? 'no such bucket'
          : status === 403 || status === 401
            ? 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
            : (error as Error).message
      throw new Error(`S3_BUCKET: cannot reach bucket "${this.bucket}": ${reason}`)
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key)
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
        // Also what a CDN in front of the bucket (S3_PUBLIC_URL) passes on to browsers.
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    )
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key)
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      return true
    } catch (error) {
      if (isNotFound(error)) return false
      throw error
    }
  }

  async read(key: string): Promise<StoredFile | undefined> {
    assertSafeKey(key)
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
      return {
        // In Node the SDK's body is an http.IncomingMessage: a Readable.
        body: object.Body as Readable,
        contentType: object.ContentType ?? contentTypeOf(key),
        size: object.ContentLength ?? 0,
        etag: object.ETag,
      }
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key)
    // S3 answers a delete of a missing key with success.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: object.Size ?? 0 }
      }
    }
  }

  publicUrl(key: string): string {
    return `/uploads/${key}`
  }

  close(): void {
    this.client.destroy()
  }
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false
  return error.$metadata?.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound'
}
