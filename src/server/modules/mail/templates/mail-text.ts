import { compile, type DomNode, type FormatCallback } from 'html-to-text'

// The plain-text part of every message, read off its HTML (the converter @react-email/render's
// `plainText` uses): the text says what the HTML says, so neither can forget what the other has.
// The rules below are how a careful shop writes a text mail, not rules for one template: where a
// template's markup reads badly as text, its markup says so (`data-text-before`/`-after`, what a
// column or a strike-through says to the eye) rather than this file knowing the template.

/** The text of a node as a reader sees it, tags dropped. */
function textOf(node: DomNode): string {
  if (node.type === 'text') return node.data ?? ''
  return (node.children ?? []).map(textOf).join('')
}

const isTag = (node: DomNode, ...names: string[]) => node.type === 'tag' && names.includes(node.name ?? '')

function descendants(node: DomNode): DomNode[] {
  return (node.children ?? []).flatMap((child) => [child, ...descendants(child)])
}

/** Where a link goes, as a reader types it: a mail address without its `mailto:`. */
function hrefOf(elem: DomNode): string {
  const href: string = elem.attribs?.href ?? ''
  return href.replace(/^(mailto|tel):/, '')
}

// The trailing slashes are found from the first of them only (the look-behind): `/\/+$/` alone tried
// every slash of a run to the end, quadratic in an address of many.
export const TRAILING_SLASHES = /(?<!\/)\/+$/
const sameAddress = (a: string, b: string) =>
  a.replace(TRAILING_SLASHES, '') === b.replace(TRAILING_SLASHES, '')

/** While a table row is written: the addresses of its links, written on their own lines after it. */
const rowLinks: string[][] = []

/**
 * A link writes its label, then its address once: not when the label is the address, not for a
 * picture's link (its labelled link is beside it), and in a card that links the same page twice
 * (a piece's name, then its button) only after the last label.
 */
const anchor: FormatCallback = (elem, walk, builder) => {
  const label = textOf(elem).trim()
  if (!label) return
  walk(elem.children, builder)
  const href = hrefOf(elem)
  if (!href || href.startsWith('#') || sameAddress(href, label)) return
  const row = rowLinks.at(-1)
  if (row) {
    if (!row.includes(href)) row.push(href)
    return
  }
  if (linkedAgainLater(elem, href)) return
  builder.addInline(`: ${href}`, { noWordTransform: true })
}

function linkedAgainLater(elem: DomNode, href: string): boolean {
  let card = elem.parent
  while (card && !isTag(card, 'div', 'body')) card = card.parent
  if (!card) return false
  const links = descendants(card).filter((node) => isTag(node, 'a') && textOf(node).trim())
  return links.slice(links.indexOf(elem) + 1).some((link) => hrefOf(link) === href)
}

/**
 * A layout table (order lines, totals, a label/value list) reads one row a line: its cells in
 * order, the last after a colon ("Subtotal: $1,550.00"); rows of column headings are for the eye
 * and left out, as are empty cells (a picture). A row's links follow it, one address a line.
 */
const rows: FormatCallback = (elem, walk, builder) => {
  const trs = descendants(elem).filter((node) => isTag(node, 'tr'))
  builder.openBlock({ leadingLineBreaks: 2 })
  for (const tr of trs) {
    const cells = tr.children.filter((node) => isTag(node, 'td', 'th'))
    if (cells.every((cell) => cell.name === 'th')) continue
    const filled = cells.filter((cell) => textOf(cell).trim())
    if (filled.length === 0) continue
    const links: string[] = []
    rowLinks.push(links)
    builder.openBlock({ leadingLineBreaks: 1 })
    try {
      filled.forEach((cell, index) => {
        if (index > 0) builder.addLiteral(index === filled.length - 1 ? ': ' : ' ')
        const before = cell.attribs?.['data-text-before']
        if (before) builder.addLiteral(before)
        // A value kept as typed (special instructions) keeps its lines apart on its one line.
        if (cell.attribs?.style?.includes('white-space:pre-line'))
          builder.addInline(
            textOf(cell)
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean)
              .join(', '),
          )
        else walk(cell.children, builder)
      })
    } finally {
      rowLinks.pop()
    }
    // A cell's second line (a unit price under a name) joins its row.
    builder.closeBlock({ trailingLineBreaks: 1, blockTransform: joinCellLines })
    // A row with links (a piece and its page) stands apart from the next, as a paragraph.
    links.forEach((href, index) => {
      builder.openBlock({ leadingLineBreaks: 1 })
      builder.addLiteral(href)
      builder.closeBlock({ trailingLineBreaks: index === links.length - 1 ? 2 : 1 })
    })
  }
  builder.closeBlock({ trailingLineBreaks: 2 })
}

/** What the HTML shows by its look (a column's place, a strike-through), the text says in words. */
const around: FormatCallback = (elem, walk, builder, options) => {
  const block = isTag(elem, 'p', 'div')
  if (block) builder.openBlock({ leadingLineBreaks: options.leadingLineBreaks ?? 2 })
  builder.addLiteral(elem.attribs?.['data-text-before'] ?? '')
  walk(elem.children, builder)
  builder.addLiteral(elem.attribs?.['data-text-after'] ?? '')
  if (block) builder.closeBlock({ trailingLineBreaks: options.trailingLineBreaks ?? 2 })
}

/** Text shown as typed (`white-space: pre-line`: a message, a review) keeps its line breaks. */
const asTyped: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2, isPre: true })
  walk(elem.children, builder)
  builder.closeBlock({ trailingLineBreaks: 2 })
}

const heading = (tag: string) => ({ selector: tag, options: { uppercase: false, leadingLineBreaks: 2 } })

const toText = compile({
  // Never break a line: a link broken in two is a link that no longer opens.
  wordwrap: false,
  formatters: { anchor, rows, around, asTyped },
  selectors: [
    { selector: 'a', format: 'anchor' },
    { selector: 'img', format: 'skip' },
    { selector: 'table', format: 'rows' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map(heading),
    { selector: 'ul', options: { itemPrefix: '- ' } },
    { selector: '[data-text-before]', format: 'around' },
    { selector: '[data-text-after]', format: 'around' },
    { selector: '[style*="white-space:pre-line"]', format: 'asTyped' },
    // What only the HTML needs (a button's address spelt out, in case the button does not work).
    { selector: '[data-html-only]', format: 'skip' },
    // The line a mail program shows beside the subject (hidden in the HTML) is not in the text.
    { selector: '[style*="display:none"]', format: 'skip' },
  ],
})

/** The plain-text part of a message rendered as `html`. */
export function mailText(html: string): string {
  return toText(html).trim()
}

// A table row's text on one line: a line break and the space around it go before ": " and become
// ", " elsewhere. One pass over the runs of space, the same as `/\s*\n\s*(?=: )/g` then
// `/\s*\n+\s*/g`, which retried from every space of a run (a campaign's table cell of many line
// breaks: cubic, seconds per 10,000 characters).
export function joinCellLines(row: string): string {
  return row.replace(/\s+/g, (space: string, at: number) =>
    !space.includes('\n') ? space : row.startsWith(': ', at + space.length) ? '' : ', ',
  )
}
