// Where uploaded and generated images live. The rest of the code sees only this interface, so the
// shop can move from local disk to an S3-compatible bucket (the planned second implementation,
// DESIGN.md §7) without touching the pipeline or the routes.

export interface FileStore {
  /** Stores `data` under `key`, replacing any previous file; readers never see a half-written file. */
  put(key: string, data: Buffer, contentType: string): Promise<void>
  exists(key: string): Promise<boolean>
  /** Removes the file; a key that is already gone is not an error. */
  delete(key: string): Promise<void>
  /** The URL the browser fetches the file from. */
  publicUrl(key: string): string
}
