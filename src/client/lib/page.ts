import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Params } from 'react-router'

export interface PageContext {
  params: Params
  search: URLSearchParams
  /** The site's origin, for absolute URLs in structured data. */
  origin: string
}

export interface PageMeta {
  title: string
  description: string
  /** Absolute or root-relative image for link previews. */
  image?: string
  /** Structured data, rendered as JSON-LD. */
  jsonLd?: object[]
  /** Keep the page out of search results (account pages, checkout). */
  noindex?: boolean
  /** An article (a Journal post) for link previews, with its dates; a website otherwise. */
  article?: { publishedTime: string; modifiedTime: string; section?: string; tags?: string[] }
  /** The canonical path when it is more than the pathname (a listing's page 2: /products?page=2). */
  canonicalPath?: string
  /** The previous and next page of a paged list, for crawlers (rel="prev" / rel="next"). */
  pageLinks?: { prev?: string; next?: string }
  /** Alternate representations, such as the Journal's Atom feed. */
  alternates?: { type: string; title: string; href: string }[]
}

/** What a route declares for server rendering: the data it needs, its head tags, its status. */
export interface PageHandle {
  // biome-ignore lint/suspicious/noExplicitAny: each page's queries return their own types
  prefetch?: (context: PageContext) => FetchQueryOptions<any, any, any, any>[]
  meta: (context: PageContext, queryClient: QueryClient) => PageMeta
  /** HTTP status when rendered on the server; 404 pages say so. */
  status?: (context: PageContext, queryClient: QueryClient) => number
  /** Where the server sends the visitor instead (an empty cart has no checkout). */
  redirect?: (
    context: PageContext,
    queryClient: QueryClient,
  ) => string | undefined | Promise<string | undefined>
  /** Loads the page's code chunk (for the path opened); the server awaits it before rendering, the browser before hydrating. */
  load?: (pathname: string) => Promise<unknown>
  /**
   * Data that depends on other data (who is signed in, then what their role may read), fetched on
   * the server after `prefetch` and the shell's queries: `fetchInto` reads a query's key as its
   * API path, keeps the answer under that key for the page, and resolves to it.
   */
  prefetchAfter?: (
    context: PageContext & { pathname: string },
    queryClient: QueryClient,
    fetchInto: (queryKey: readonly unknown[]) => Promise<unknown>,
  ) => Promise<void>
}

/**
 * A page as the route table (routes.tsx) takes it: what it renders and its handle. Each lives beside
 * its page (`<page>-route.ts`); the table gives it its path.
 */
export interface PageRoute {
  element: ReactNode
  handle: PageHandle
}
