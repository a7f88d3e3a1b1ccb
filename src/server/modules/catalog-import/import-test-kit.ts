import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { ImportPreview, ImportProgress } from '../../../shared/catalog-import/schema'
import type { TestApp } from '../../test/helpers'
import { multipartBody, pngOf } from '../../test/multipart'
import { zipOf } from '../../test/zip'

// What the import's tests share: sending a file, confirming, waiting for the job.

export const SHOPIFY_SAMPLE = readFileSync(path.join(import.meta.dirname, 'fixtures/shopify-sample.csv'))

/** The sample's pictures, by the file names its URLs end with. */
/** The sample's pictures in a ZIP; `recoloured` paints some of them (by name) another colour. */
export async function shopifySamplePictures(recoloured: Record<string, string> = {}): Promise<Buffer> {
  const names = ['bangle-front', 'bangle-side', 'earrings-1', 'earrings-2', 'earrings-3', 'pendant', 'pin']
  const colours = ['#0f6b4b', '#1a7a55', '#b39ddb', '#9575cd', '#7e57c2', '#f5f5f0', '#2e7d32']
  return zipOf(
    await Promise.all(
      names.map(async (name, i) => ({
        name: `pictures/${name}.JPG`,
        data: await pngOf(recoloured[name] ?? colours[i]!, 300),
      })),
    ),
  )
}

export async function sendImport(t: TestApp, cookie: string, csv: Buffer | string, zip?: Buffer) {
  const files: { field: string; name: string; data: Buffer; type: string }[] = [
    { field: 'file', name: 'products.csv', data: Buffer.from(csv), type: 'text/csv' },
  ]
  if (zip) files.push({ field: 'images', name: 'pictures.zip', data: zip, type: 'application/zip' })
  const { payload, headers } = await multipartBody(files)
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/products/imports',
    payload,
    headers: { ...headers, cookie },
  })
}

export async function preview(t: TestApp, cookie: string, csv: Buffer | string, zip?: Buffer) {
  const response = await sendImport(t, cookie, csv, zip)
  if (response.statusCode !== 201) throw new Error(`preview: ${response.statusCode} ${response.body}`)
  return response.json() as ImportPreview
}

export async function progress(t: TestApp, cookie: string, id: string): Promise<ImportProgress> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/products/imports/${id}`,
    headers: { cookie },
  })
  if (response.statusCode !== 200) throw new Error(`progress: ${response.statusCode} ${response.body}`)
  return response.json() as ImportProgress
}

/** Confirms and waits for the background job to end; answers its final report. */
export async function confirmAndWait(
  t: TestApp,
  cookie: string,
  id: string,
  categoryMap?: Record<string, string>,
): Promise<ImportProgress> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/imports/${id}/confirm`,
    payload: categoryMap ? { categoryMap } : {},
    headers: { cookie },
  })
  if (response.statusCode !== 202) throw new Error(`confirm: ${response.statusCode} ${response.body}`)
  await t.app.catalogImports.settled(id)
  return progress(t, cookie, id)
}
