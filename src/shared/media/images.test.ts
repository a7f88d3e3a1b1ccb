import { describe, expect, it } from 'vitest'
import { imageSources, WIDTHS } from './images'

describe('imageSources', () => {
  it('lists every stored width up to the largest for a pipeline image', () => {
    expect(imageSources('/uploads/3fa2b9c01d4e5f67-1280.webp')).toEqual({
      src: '/uploads/3fa2b9c01d4e5f67-1280.webp',
      srcSet:
        '/uploads/3fa2b9c01d4e5f67-320.webp 320w, /uploads/3fa2b9c01d4e5f67-640.webp 640w, ' +
        '/uploads/3fa2b9c01d4e5f67-960.webp 960w, /uploads/3fa2b9c01d4e5f67-1280.webp 1280w',
    })
  })

  it('stops at the largest width the source could fill', () => {
    expect(imageSources('/uploads/h-640.webp')).toEqual({
      src: '/uploads/h-640.webp',
      srcSet: '/uploads/h-320.webp 320w, /uploads/h-640.webp 640w',
    })
    expect(imageSources('/uploads/h-320.webp').srcSet).toBe('/uploads/h-320.webp 320w')
  })

  it('describes a picture narrower than the smallest width by its own width', () => {
    expect(imageSources('/uploads/h-200.webp').srcSet).toBe('/uploads/h-200.webp 200w')
  })

  it('leaves any other URL alone', () => {
    for (const url of [
      'https://cdn.example.com/jade.jpg',
      'https://example.com/uploads/h-1280.webp',
      '/uploads/photo.webp',
      '/uploads/h-1280.png',
      '/images/bangle-640.webp',
    ]) {
      expect(imageSources(url)).toEqual({ src: url })
    }
  })

  it('exports the widths the pipeline writes, smallest first', () => {
    expect(WIDTHS).toEqual([320, 640, 960, 1280])
  })
})
