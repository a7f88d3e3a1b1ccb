import type { PageMeta } from './page'

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function fullTitle(meta: PageMeta, storeName: string) {
  return meta.title === storeName ? storeName : `${meta.title} | ${storeName}`
}

/** The <head> tags of a server-rendered page. */
export function renderHead(meta: PageMeta, storeName: string, origin: string, pathname: string): string {
  const url = origin + (meta.canonicalPath ?? pathname)
  const absolute = (href: string) => (href.startsWith('http') ? href : origin + href)
  const title = fullTitle(meta, storeName)
  const image = meta.image ? (meta.image.startsWith('http') ? meta.image : origin + meta.image) : undefined
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta.pageLinks?.prev ? `<link rel="prev" href="${escapeHtml(absolute(meta.pageLinks.prev))}" />` : '',
    meta.pageLinks?.next ? `<link rel="next" href="${escapeHtml(absolute(meta.pageLinks.next))}" />` : '',
    meta.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:site_name" content="${escapeHtml(storeName)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="${meta.article ? 'article' : 'website'}" />`,
    ...(meta.article
      ? [
          `<meta property="article:published_time" content="${escapeHtml(meta.article.publishedTime)}" />`,
          `<meta property="article:modified_time" content="${escapeHtml(meta.article.modifiedTime)}" />`,
          meta.article.section
            ? `<meta property="article:section" content="${escapeHtml(meta.article.section)}" />`
            : '',
          ...(meta.article.tags ?? []).map(
            (tag) => `<meta property="article:tag" content="${escapeHtml(tag)}" />`,
          ),
        ]
      : []),
    ...(meta.alternates ?? []).map(
      ({ type, title, href }) =>
        `<link rel="alternate" type="${escapeHtml(type)}" title="${escapeHtml(title)}" href="${escapeHtml(href.startsWith('http') ? href : origin + href)}" />`,
    ),
    image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    ...(meta.jsonLd ?? []).map(
      (data) =>
        `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`,
    ),
  ]
  return tags.filter(Boolean).join('\n    ')
}
