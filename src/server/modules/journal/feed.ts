import { journalPath } from '../../../shared/journal/rules'
import type { FeedEntry } from './service'

// /journal/feed.xml: an Atom 1.0 document (RFC 4287) of the newest visible posts, whole. Built by
// hand like the sitemap: a dozen elements, every text and attribute escaped by one function.

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 forbids outright (a stray control character would make readers reject the feed).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : origin + url)

export interface FeedContext {
  origin: string
  storeName: string
}

/**
 * Entry ids are tag URIs made of the host and the post's id and first day, so they stay the same
 * when the owner changes a post's slug or the shop changes its scheme.
 */
function entryId(origin: string, entry: FeedEntry): string {
  const host = new URL(origin).hostname
  return `tag:${host},${entry.publishedAt.toISOString().slice(0, 10)}:journal/${entry.id}`
}

export function atomFeed(entries: FeedEntry[], { origin, storeName }: FeedContext): string {
  const updated = new Date(Math.max(0, ...entries.map((entry) => entry.updatedAt.getTime())))
  const items = entries.map((entry) => {
    const url = origin + journalPath(entry.slug)
    const image = entry.featuredImage
      ? `<p><img src="${escapeXml(absolute(origin, entry.featuredImage))}" alt="" /></p>`
      : ''
    return [
      '  <entry>',
      `    <title>${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <id>${escapeXml(entryId(origin, entry))}</id>`,
      `    <published>${entry.publishedAt.toISOString()}</published>`,
      `    <updated>${entry.updatedAt.toISOString()}</updated>`,
      `    <author><name>${escapeXml(entry.authorName ?? storeName)}</name></author>`,
      `    <category term="${escapeXml(entry.category)}"/>`,
      `    <summary>${escapeXml(entry.summary)}</summary>`,
      `    <content type="html">${escapeXml(image + entry.contentHtml)}</content>`,
      '  </entry>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    // xml:base makes the articles' own links (/product/12, /uploads/…) absolute for feed readers.
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${escapeXml(`${origin}/`)}">`,
    `  <title>${escapeXml(`${storeName} Journal`)}</title>`,
    '  <subtitle>Stories, guides and care notes about natural Type A jadeite.</subtitle>',
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${origin}/journal/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${origin}/journal`)}"/>`,
    `  <id>${escapeXml(`${origin}/journal`)}</id>`,
    `  <updated>${updated.toISOString()}</updated>`,
    `  <icon>${escapeXml(`${origin}/favicon.svg`)}</icon>`,
    ...items,
    '</feed>',
    '',
  ].join('\n')
}
