// What a file or an address given for an image may be, and the upload messages of the
// specifications. Apart from images.ts, which every storefront page loads: these are the back
// office's, the review form's and the server's, and they stay out of shoppers' first load.

/** Per file, for every upload (back-office.md §9, storefront.md §9). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/**
 * The upload messages of the specifications (§5), as toast title and description; the server's
 * refusals use the same descriptions, so the browser's check and the server's say the same thing.
 */
export const UPLOAD_MESSAGES = {
  notImage: (file: string) => ({ title: 'Invalid file type', description: `${file} is not an image file.` }),
  /** A buyer's tax certificate (issue 34) that is neither a PDF nor a picture. */
  notCertificate: (file: string) => ({
    title: 'Invalid file type',
    description: `${file} is not a PDF or an image file.`,
  }),
  tooLarge: (file: string) => ({
    title: 'File too large',
    description: `${file} exceeds the 5MB size limit.`,
  }),
  uploaded: (count: number) => ({
    title: 'Upload successful',
    description: `Successfully uploaded ${count} image(s).`,
  }),
  failed: 'Upload failed',
} as const

/** Why a file picked in the browser cannot be sent, before any upload starts; undefined when it can. */
export function uploadRefusal(file: { name: string; type: string; size: number }) {
  if (!file.type.startsWith('image/')) return UPLOAD_MESSAGES.notImage(file.name)
  if (file.size > MAX_IMAGE_BYTES) return UPLOAD_MESSAGES.tooLarge(file.name)
  return undefined
}

/**
 * What a buyer's tax certificate may be (issue 34): a PDF, or a photo or scan kept as sent. The
 * server checks the bytes; the browser, which cannot, goes by the type it reports or, where it
 * reports none (HEIC on most desktops), the name's extension.
 */
export const CERTIFICATE_TYPES = [
  { type: 'application/pdf', extensions: ['pdf'] },
  { type: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { type: 'image/png', extensions: ['png'] },
  { type: 'image/webp', extensions: ['webp'] },
  { type: 'image/heic', extensions: ['heic', 'heif'] },
] as const

/** The file input's `accept`: every type and extension above (image/heif is how some browsers call HEIC). */
export const CERTIFICATE_ACCEPT = [
  ...CERTIFICATE_TYPES.map(({ type }) => type),
  'image/heif',
  ...CERTIFICATE_TYPES.flatMap(({ extensions }) => extensions.map((extension) => `.${extension}`)),
].join(',')

/** Why a picked certificate file cannot be sent, before it is; undefined when it can. */
export function certificateRefusal(file: { name: string; type: string; size: number }) {
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase()
  const known = CERTIFICATE_TYPES.some(
    ({ type, extensions }) =>
      file.type === type ||
      (file.type === 'image/heif' && type === 'image/heic') ||
      ((file.type === '' || file.type === 'application/octet-stream') &&
        (extensions as readonly string[]).includes(extension)),
  )
  if (!known) return UPLOAD_MESSAGES.notCertificate(file.name)
  if (file.size > MAX_IMAGE_BYTES) return UPLOAD_MESSAGES.tooLarge(file.name)
  return undefined
}

/** An image address the shop can show: one of its own paths, or an http(s) URL. */
export function isImageUrl(text: string): boolean {
  if (text.startsWith('/') && !text.startsWith('//')) return true
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
