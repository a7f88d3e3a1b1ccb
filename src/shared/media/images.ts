// Responsive sources for the images the media pipeline stores. Pure TypeScript: the React client
// imports it, so no Node or DOM APIs here.

/** The widths, in pixels, the pipeline encodes every image at (never above the source's width). */
export const WIDTHS = [320, 640, 960, 1280] as const

// `/uploads/<content hash>-<width>.webp`: the name the pipeline gives the largest variant. Only our
// own upload path is recognised, so an image added by URL never gets a srcset of files that do not exist.
const STORED_IMAGE = /^\/uploads\/([A-Za-z0-9_]+)-(\d+)\.webp$/

/** The stored files behind one of our image URLs: its content hash and largest width; else undefined. */
export function storedImage(url: string): { hash: string; largest: number } | undefined {
  const match = STORED_IMAGE.exec(url)
  return match ? { hash: match[1]!, largest: Number(match[2]) } : undefined
}

export interface ImageSources {
  src: string
  srcSet?: string
}

/** `src` and, for an image the pipeline stored, a `srcSet` of every width it wrote up to its largest. */
export function imageSources(url: string): ImageSources {
  const match = STORED_IMAGE.exec(url)
  if (!match) return { src: url }
  const hash = match[1]!
  const largest = Number(match[2])
  const widths: number[] = WIDTHS.filter((width) => width <= largest)
  // A source narrower than 320 px is stored once, at its own width.
  if (!widths.includes(largest)) widths.push(largest)
  const srcSet = widths.map((width) => `/uploads/${hash}-${width}.webp ${width}w`).join(', ')
  return { src: url, srcSet }
}
