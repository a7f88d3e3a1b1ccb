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
import { unavailable } from '../../errors'
import {
  assertSafeKey,
  contentTypeOf,
  type FileStore,
  IMMUTABLE_CACHE_CONTROL,
  isPrivateKey,
  PRIVATE_CACHE_CONTROL,
  type StoredFile,
} from './file-store'

/**
 * How long a call to the store may take before the shop gives up on it: a stopped or frozen store
 * must not hold a shopper or the owner for its own timeout (none at all, for a frozen one).
 * Uploads carry the whole file, so they get longer.
 */
export const S3_TIMEOUTS_MS = { read: 4_000, write: 15_000 }

export const STORE_UNAVAILABLE_MESSAGE =
  'The picture store is briefly unavailable, so nothing was stored or changed. Please try again in a moment.'

/** A store that could not be reached, or did not answer in time: a 503, not a bug of the shop's. */
function unreachable(error: unknown): boolean {
  const code = (error as { code?: string }).code
  const name = (error as { name?: string }).name
  const status = (error as S3ServiceException).$metadata?.httpStatusCode
  return (
    name === 'AbortError' ||
    name === 'TimeoutError' ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(
      code ?? '',
    ) ||
    (status !== undefined && status >= 500)
  )
}

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

  /**
   * One call to the store, given up after `timeoutMs`. The timer stops once the answer has begun,
   * so a picture streaming to a slow phone is never cut.
   */
  private async within<Output>(
    timeoutMs: number,
    call: (options: { abortSignal: AbortSignal }) => Promise<Output>,
  ): Promise<Output> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    try {
      return await call({ abortSignal: controller.signal })
    } catch (error) {
      if (unreachable(error)) throw unavailable(STORE_UNAVAILABLE_MESSAGE)
      throw error
    } finally {
      clearTimeout(timer)
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key)
    await this.within(S3_TIMEOUTS_MS.write, (options) =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: contentType,
          // Also what a CDN in front of the bucket (S3_PUBLIC_URL) passes on to browsers; a private
          // file (a tax certificate) is never to be kept by one.
          CacheControl: isPrivateKey(key) ? PRIVATE_CACHE_CONTROL : IMMUTABLE_CACHE_CONTROL,
        }),
        options,
      ),
    )
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key)
    try {
      await this.within(S3_TIMEOUTS_MS.read, (options) =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), options),
      )
      return true
    } catch (error) {
      if (isNotFound(error)) return false
      throw error
    }
  }

  async read(key: string): Promise<StoredFile | undefined> {
    assertSafeKey(key)
    try {
      const object = await this.within(S3_TIMEOUTS_MS.read, (options) =>
        this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }), options),
      )
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
    await this.within(S3_TIMEOUTS_MS.write, (options) =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), options),
    )
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
