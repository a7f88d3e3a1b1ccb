import sharp from 'sharp'

/** A multipart body built by the platform's own FormData, as a browser would send it. */
export async function multipartBody(
  files: { field: string; name: string; data: Buffer; type: string }[],
  fields: Record<string, string> = {},
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const file of files)
    form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name)
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  }
}

/** A plain PNG of one colour: different colours give different stored files. */
export const pngOf = (color: string, size = 400) =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer()
