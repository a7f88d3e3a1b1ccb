import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import sanitizeHtml from 'sanitize-html'
import { markdownToHtml } from '../../../shared/journal/markdown'
import { imageSources } from '../../../shared/media/images'

// What a post's Markdown becomes on a page. marked renders it; sanitize-html then keeps only an
// allow-list of tags and attributes, so whatever was typed or pasted (raw HTML included), no
// script, event handler, style, frame or javascript: address ever reaches a reader.

/** Tags whose contents go too, not just their tags (the catalogue import cleans Shopify's HTML with them). */
export const DROPPED_WITH_CONTENTS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
]

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'del',
    's',
    'sup',
    'sub',
    'code',
    'pre',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  },
  // Links may go to web pages, e-mail and phones; pictures only to web addresses (or our own paths).
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  nonTextTags: DROPPED_WITH_CONTENTS,
  transformTags: {
    // Raw HTML headings follow the same levels as Markdown ones (see shared/journal/markdown.ts).
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // Pictures in an article load as the reader reaches them, at the width the column needs.
    img: (tagName, attribs) => {
      const sources = attribs.src ? imageSources(attribs.src) : undefined
      return {
        tagName,
        attribs: {
          ...attribs,
          ...(sources?.srcSet ? { srcset: sources.srcSet, sizes: '(min-width: 768px) 680px, 100vw' } : {}),
          alt: attribs.alt ?? '',
          loading: 'lazy',
          decoding: 'async',
        },
      }
    },
  },
}

/** Markdown to the HTML a reader gets: rendered, then sanitized. */
export function renderArticle(markdown: string): string {
  return sanitizeHtml(markdownToHtml(markdown), SANITIZE)
}

// A post's HTML changes only when its text does, so it is rendered once per text, not per reader.
const rendered = new LRUCache<string, string>({ max: 500 })

/** renderArticle, remembered per text (hashing a long article takes microseconds, rendering it milliseconds). */
export function renderedArticle(post: { content: string }): string {
  const key = createHash('sha1').update(post.content).digest('base64')
  let html = rendered.get(key)
  if (html === undefined) {
    html = renderArticle(post.content)
    rendered.set(key, html)
  }
  return html
}
