import { linkedProductIds } from '../../../shared/journal/markdown'
import { readingMinutes } from '../../../shared/journal/rules'
import type { Tx } from '../../db/client'
import { blogPostProducts, blogPosts } from '../journal/schema'
import { DEMO_POSTS } from './demo-journal'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The demo stories, published over the last weeks, their `{{SKU}}` links made into the seeded
 * pieces' ids and their linked pieces recorded, as the editor would. They have no author: a
 * fresh shop may have no administrator yet, and the pages then sign them with the shop's name.
 */
export async function seedDemoJournal(
  tx: Tx,
  idBySku: Map<string | null, number>,
  banners: string[],
  now: number,
) {
  const rows = DEMO_POSTS.map((post, index) => {
    const content = post.content.replace(/\{\{([A-Z0-9-]+)\}\}/g, (_, sku: string) => {
      const id = idBySku.get(sku)
      if (id === undefined) throw new Error(`demo journal: no demo piece has SKU ${sku}`)
      return String(id)
    })
    const publishedAt = new Date(now - post.publishedDaysAgo * DAY_MS)
    return {
      title: post.title,
      slug: post.slug,
      content,
      category: post.category,
      excerpt: post.excerpt,
      featuredImage: banners[index] ?? null,
      published: true,
      publishedAt,
      tags: post.tags,
      metaDescription: post.metaDescription,
      readingTime: readingMinutes(content),
      createdAt: publishedAt,
      updatedAt: publishedAt,
    }
  })
  const inserted = await tx
    .insert(blogPosts)
    .values(rows)
    .returning({ id: blogPosts.id, content: blogPosts.content })
  const links = inserted.flatMap((post) =>
    linkedProductIds(post.content).map((productId, position) => ({ postId: post.id, productId, position })),
  )
  if (links.length > 0) await tx.insert(blogPostProducts).values(links)
}
