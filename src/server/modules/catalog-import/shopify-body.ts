import sanitizeHtml from 'sanitize-html'
import { SHORT_DESCRIPTION_MAX } from '../../../shared/catalog/rules'
import { replaceClosed } from '../../../shared/closed-matches'
import { DROPPED_WITH_CONTENTS } from '../journal/render'

// A piece's description is plain text on the storefront, so Shopify's Body (HTML) keeps no markup
// at all: sanitize-html (the journal's sanitiser, with its list of tags dropped with their
// contents: scripts, styles, frames) removes every tag; paragraphs and line breaks stay as lines.

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
}

export function bodyToDescription(html: string): string {
  const marked = replaceClosed(html.replace(/<br\s*\/?>/gi, '\n'), '>', /<li\b[^>]*>/gi, '\n• ').replace(
    /<\/(p|div|h[1-6]|li|ul|ol|blockquote|tr|table)>/gi,
    '\n\n',
  )
  const text = sanitizeHtml(marked, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: DROPPED_WITH_CONTENTS,
  })
    .replace(/&(lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/&amp;/g, '&')
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** A short description from a longer text: its first sentence, cut at a word to fit. */
export function shortFrom(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  const sentence = flat.match(/^.+?[.!?](\s|$)/)?.[0].trim() ?? flat
  if (sentence.length < SHORT_DESCRIPTION_MAX) return sentence
  const cut = sentence.slice(0, SHORT_DESCRIPTION_MAX - 2)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 20)).trim()}…`
}
