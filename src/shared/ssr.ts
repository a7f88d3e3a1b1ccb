import type { z } from 'zod'
import type { storeInfoSchema } from './store/contract'

// The contract between the server and the server-side rendering bundle (dist/ssr/entry-server.js).

/** The shop's public facts that pages show (GET /api/store): its type comes from its schema. */
export type StoreInfo = z.input<typeof storeInfoSchema>

export interface RenderRequest {
  /** Path and query of the page, e.g. /products?color=green */
  url: string
  /** The site's origin for canonical links, e.g. https://shop.example.com */
  origin: string
  /**
   * Rendered for every visitor without a session (the page cache keeps it): nothing per visitor
   * (who is signed in, the cart) is fetched into it; the browser asks for those after loading.
   */
  anonymous?: boolean
  /** Reads our own API in-process, with the visitor's cookies. */
  fetchJson(path: string): Promise<{ status: number; body: unknown }>
}

export interface RenderOptions {
  /**
   * 'all': the markup comes once every part is rendered, in one piece and with no inline script
   * (what crawlers and the page cache want); 'shell': as soon as the shell is, the rest after it.
   */
  wait: 'shell' | 'all'
  /** Put on the inline scripts React writes when a part streams in after the shell (CSP). */
  nonce?: string
  /** A part that failed after the shell (the browser renders it again): to be logged. */
  onError?(error: unknown): void
}

export interface RenderResult {
  status: number
  /** Tags for <head>: title, description, canonical, Open Graph... */
  head: string
  /**
   * Starts React's streaming renderer (the page's data is already fetched): resolves with the
   * markup, or rejects when the shell itself failed. Absent on a redirect.
   */
  stream?(options: RenderOptions): Promise<NodeJS.ReadableStream>
  /** The dehydrated query cache, read again by the browser before hydrating: read after the markup. */
  state(): unknown
  redirect?: string
}

export type RenderFunction = (request: RenderRequest) => Promise<RenderResult>
