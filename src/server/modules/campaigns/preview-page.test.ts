import { describe, expect, it } from 'vitest'
import { pictureOrigins, previewPage, previewPolicy } from './preview-page'

describe('the preview page', () => {
  const html =
    '<html><head><meta charset="utf-8"></head><body>' +
    '<img src="http://127.0.0.1:4391/uploads/a-640.webp" alt="">' +
    '<img alt="" src="https://cdn.example.com/b.jpg?w=1&amp;h=2">' +
    '<img src="/relative.png"><img src="http://127.0.0.1:4391/uploads/c.webp"></body></html>'

  it('allows the pictures the message shows, and nothing runs', () => {
    expect(pictureOrigins(html)).toEqual(['http://127.0.0.1:4391', 'https://cdn.example.com'])
    expect(previewPolicy(html)).toBe(
      "default-src 'none'; img-src 'self' data: http://127.0.0.1:4391 https://cdn.example.com; " +
        "style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    )
    expect(previewPolicy('<p>No pictures</p>')).toContain("img-src 'self' data:;")
  })

  it('opens its links in a new tab', () => {
    expect(previewPage(html)).toContain('<head><base target="_blank"><meta charset="utf-8">')
    expect(previewPage('<p>x</p>')).toBe('<base target="_blank"><p>x</p>')
  })
})
