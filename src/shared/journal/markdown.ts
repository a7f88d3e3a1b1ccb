import { Marked } from 'marked'

// The Journal's Markdown, read the same way by the server (which renders and sanitizes what
// readers get) and by the back office's live preview. Never imported by the storefront: readers
// receive HTML, not a Markdown parser.

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // The page's title is its one h1, so the article's headings start at h2; below h4 is too fine
    // a distinction for an article and reads the same as h4.
    heading({ tokens, depth }) {
      const level = Math.min(4, Math.max(2, depth))
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`
    },
  },
})

/** Markdown to HTML, NOT sanitized: raw HTML in the text passes through. Sanitize before showing it. */
export function markdownToHtml(text: string): string {
  return markdown.parse(text) as string
}

const PRODUCT_PATH = /^\/products?\/(\d+)\/?(?:[?#].*)?$/

/**
 * The product a link points at, when it is one of the shop's product pages: `/product/12`, the
 * legacy `/products/12`, or either on one of `ownHosts` (`https://shop.example.com/product/12`).
 */
export function linkedProductId(href: string, ownHosts: readonly string[] = []): number | undefined {
  let path = href.trim()
  if (/^https?:\/\//i.test(path)) {
    try {
      const url = new URL(path)
      if (!ownHosts.includes(url.host.toLowerCase())) return undefined
      path = url.pathname + url.search + url.hash
    } catch {
      return undefined
    }
  }
  const match = PRODUCT_PATH.exec(path)
  const id = match ? Number(match[1]) : Number.NaN
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined
}

/** The products a post's Markdown links to, in the order it first names them (links in code do not count). */
export function linkedProductIds(text: string, ownHosts: readonly string[] = []): number[] {
  const ids: number[] = []
  markdown.walkTokens(markdown.lexer(text), (token) => {
    if (token.type !== 'link') return
    const id = linkedProductId(token.href, ownHosts)
    if (id !== undefined && !ids.includes(id)) ids.push(id)
  })
  return ids
}

interface InlineToken {
  type: string
  text?: string
  tokens?: InlineToken[]
}

function plainText(tokens: InlineToken[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'image' || token.type === 'html') return ''
      if (token.type === 'br') return ' '
      if (token.tokens) return plainText(token.tokens)
      return token.text ?? ''
    })
    .join('')
}

/**
 * The opening of a post as plain text, for cards and descriptions when the owner wrote no excerpt:
 * its first paragraphs, cut at a word boundary near `max` characters.
 */
export function excerptOf(text: string, max = 200): string {
  let result = ''
  for (const token of markdown.lexer(text)) {
    if (token.type !== 'paragraph') continue
    const paragraph = plainText((token.tokens ?? []) as InlineToken[])
      .replace(/\s+/g, ' ')
      .trim()
    if (!paragraph) continue
    result = result ? `${result} ${paragraph}` : paragraph
    if (result.length >= max * 0.6) break
  }
  if (result.length <= max) return result
  const cut = result.slice(0, max - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/(?<![\s,;:.–—-])[\s,;:.–—-]+$/, '')}…`
}
