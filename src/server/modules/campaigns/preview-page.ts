// The editor's framed preview (issue 38): the message a reader gets, served as its own page under
// a policy of its own. The admin pages' policy (http/security.ts) forbids being framed and knows
// nothing of an e-mail's pictures; this one lets only the shop's own pages frame it, runs nothing,
// and loads pictures from the shop and from wherever the message's pictures are (a product image
// may have been added by URL, even over http://). Inline styles only: mail HTML has nothing else.

/** The origins of the message's pictures, as a mail program would fetch them. */
export function pictureOrigins(html: string): string[] {
  const origins = new Set<string>()
  for (const [, src] of html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/gi)) {
    try {
      const url = new URL(src!.replace(/&amp;/g, '&'))
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin)
    } catch {
      // A relative or malformed address loads nothing in a mail program either.
    }
  }
  return [...origins].sort()
}

/** The Content-Security-Policy of the preview page. */
export function previewPolicy(html: string): string {
  return [
    "default-src 'none'",
    `img-src 'self' data: ${pictureOrigins(html).join(' ')}`.trim(),
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ')
}

/**
 * The message as a page: its links open in a new tab (the shop's pages refuse to be framed), which
 * the mail program would do too; nothing else changes.
 */
export function previewPage(html: string): string {
  const base = '<base target="_blank">'
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : base + html
}
