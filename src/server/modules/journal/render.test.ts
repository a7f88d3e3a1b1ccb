import { describe, expect, it } from 'vitest'
import { excerptOf, linkedProductIds } from '../../../shared/journal/markdown'
import { renderArticle } from './render'

// Known XSS payloads (OWASP's filter evasion cheat sheet, PortSwigger's XSS cheat sheet), written
// into a post's Markdown as raw HTML, as Markdown links and images, and inside Markdown syntax.
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<img """><script>alert(1)</script>">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entities</a>',
  '<a href=" javascript:alert(1)">space</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="https://jade.example" onclick="alert(1)">onclick</a>',
  '<a href="https://jade.example" onmouseover=alert(1)>hover</a>',
  '<div style="background:url(javascript:alert(1))">style</div>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<base href="javascript:alert(1)//">',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](  javascript:alert(1)  )',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![pic](javascript:alert(1))',
  '![pic](x" onerror="alert(1))',
  '[a](https://jade.example "title\\" onmouseover=\\"alert(1))',
  '<img src="https://jade.example/a.webp" srcset="javascript:alert(1) 1x">',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
]

/**
 * What must never reach a page: an element that runs script or loads a document, and in any tag an
 * event handler, inline style or script URL. (The same words as text, escaped, are harmless.)
 */
function assertSafe(html: string) {
  expect(html).not.toMatch(
    /<\s*(script|iframe|object|embed|style|link|meta|base|form|input|svg|math|body)\b/i,
  )
  for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i)
    expect(tag).not.toMatch(/\s(style|srcdoc)\s*=/i)
    expect(tag).not.toMatch(/(href|src|srcset|action)\s*=\s*"\s*(javascript|vbscript|data):/i)
  }
}

describe('a post rendered for readers', () => {
  it.each(PAYLOADS)('is safe: %s', (payload) => {
    const html = renderArticle(`An article about jade.\n\n${payload}\n\nThe end.`)
    assertSafe(html)
    // An unclosed element may swallow what follows it; what came before always stays.
    expect(html).toContain('<p>An article about jade.</p>')
  })

  it('keeps code that shows a script as text, escaped', () => {
    const html = renderArticle('Use `<script>` tags sparingly.')
    expect(html).toContain('<code>&lt;script&gt;</code>')
  })

  it('keeps the Markdown a jeweller writes: headings from h2, lists, quotes, links, pictures, tables', () => {
    const html = renderArticle(
      [
        '# Caring for jade',
        '## Daily wear',
        '###### A small note',
        '- Wipe with a soft cloth',
        '1. Rinse',
        '> Jade rewards the hand that wears it.',
        '[the bangle](/product/12 "See it")',
        '![A bangle held to the light](/uploads/0123456789abcdef-1280.webp)',
        '| Size | Inner diameter |\n|:--|--:|\n| S | 54 mm |',
        '**bold** *italic* ~~struck~~',
      ].join('\n\n'),
    )
    expect(html).toContain('<h2>Caring for jade</h2>')
    expect(html).toContain('<h2>Daily wear</h2>')
    expect(html).toContain('<h4>A small note</h4>')
    expect(html).not.toContain('<h1')
    expect(html).toContain('<li>Wipe with a soft cloth</li>')
    expect(html).toContain('<blockquote>')
    expect(html).toContain('<a href="/product/12" title="See it">the bangle</a>')
    expect(html).toMatch(
      /<img src="\/uploads\/0123456789abcdef-1280.webp" alt="A bangle held to the light"[^>]*loading="lazy"/,
    )
    expect(html).toContain('srcset="/uploads/0123456789abcdef-320.webp 320w,')
    expect(html).toContain('<table>')
    expect(html).toMatch(/<td align="right">54 mm<\/td>/)
    expect(html).toContain('<strong>bold</strong> <em>italic</em> <del>struck</del>')
  })
})

describe('the pieces a post links to', () => {
  it('are its /product/{id} links, in order, once each, not those in code', () => {
    const text = [
      'See [the bangle](/product/12) and [the ring](/products/7/).',
      'Again [the bangle](/product/12?from=journal#top).',
      'On our site: [pendant](https://jade.example/product/31). Elsewhere: [x](https://other.example/product/5).',
      '`[not a link](/product/99)`',
      '```\n[nor this](/product/98)\n```',
      '[category](/products/category/bangles) [bad](/product/abc) [zero](/product/0)',
    ].join('\n\n')
    expect(linkedProductIds(text, ['jade.example'])).toEqual([12, 7, 31])
    expect(linkedProductIds(text)).toEqual([12, 7])
  })
})

describe('an excerpt made from the text', () => {
  it('is the opening paragraphs as plain text, cut at a word near the limit', () => {
    const text = `# Title\n\nJadeite is **the** rarer of the two [jades](/journal/x).\n\n${'Word '.repeat(80)}`
    const excerpt = excerptOf(text, 120)
    expect(excerpt.startsWith('Jadeite is the rarer of the two jades. Word Word')).toBe(true)
    expect(excerpt.length).toBeLessThanOrEqual(120)
    expect(excerpt.endsWith('…')).toBe(true)
    expect(excerptOf('Short and sweet.')).toBe('Short and sweet.')
  })
})
