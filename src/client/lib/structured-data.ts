import { capitalize, categoryPath, type Product } from '../../shared/catalog/rules'
import { journalPath } from '../../shared/journal/paths'
import type { JournalPost } from '../../shared/journal/rules'
import type { StoreInfo } from '../../shared/ssr'
import type { Testimonial } from '../../shared/testimonials/schema'

// schema.org data for search engines: what a product is, what it costs, whether it can be bought.

const AVAILABILITY: Record<Product['status'], string> = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
  draft: 'https://schema.org/Discontinued',
}

const absolute = (origin: string, path: string) => (path.startsWith('http') ? path : origin + path)

/** Google shows at most a handful; the rest are summed in the AggregateRating. */
const REVIEWS_IN_JSON_LD = 10

function reviewsJsonLd(reviews: Testimonial[]) {
  if (reviews.length === 0) return {}
  const average = reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: average.toFixed(1),
      reviewCount: reviews.length,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.slice(0, REVIEWS_IN_JSON_LD).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.customerName },
      datePublished: review.createdAt.slice(0, 10),
      reviewBody: review.content,
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  }
}

/** The shop and its approved reviews, for /testimonials. */
export function storeReviewsJsonLd(
  origin: string,
  store: StoreInfo | undefined,
  reviews: Testimonial[] | undefined,
): object[] {
  const [organization] = organizationJsonLd(origin, store)
  if (!organization) return []
  return [{ ...organization, ...reviewsJsonLd(reviews ?? []) }]
}

export function productJsonLd(
  product: Product,
  origin: string,
  store: StoreInfo | undefined,
  reviews: Testimonial[] = [],
): object[] {
  const url = `${origin}/product/${product.id}`
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      image: product.imageUrls.map((image) => absolute(origin, image)),
      ...(product.sku ? { sku: product.sku } : {}),
      category: capitalize(product.category),
      color: product.color,
      material: 'Jadeite',
      ...(product.certification
        ? {
            additionalProperty: [
              {
                '@type': 'PropertyValue',
                name: 'Certificate of Authenticity',
                value: product.certification,
                ...(product.certificateUrl ? { url: absolute(origin, product.certificateUrl) } : {}),
              },
            ],
          }
        : {}),
      ...reviewsJsonLd(reviews),
      ...(store ? { brand: { '@type': 'Brand', name: store.name } } : {}),
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: 'USD',
        price: (product.price / 100).toFixed(2),
        availability: AVAILABILITY[product.status],
        itemCondition: 'https://schema.org/NewCondition',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
        {
          '@type': 'ListItem',
          position: 2,
          name: capitalize(product.category),
          item: origin + categoryPath(product.category),
        },
        { '@type': 'ListItem', position: 3, name: product.name, item: url },
      ],
    },
  ]
}

export function organizationJsonLd(origin: string, store: StoreInfo | undefined): object[] {
  if (!store) return []
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'JewelryStore',
      name: store.name,
      url: `${origin}/`,
      logo: `${origin}/favicon.svg`,
      email: store.email,
      telephone: store.phone,
      description: '100% Natural Type A Jadeite in the USA',
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Houston',
        addressRegion: 'TX',
        addressCountry: 'US',
      },
    },
  ]
}

/** A Journal post: a BlogPosting (headline, dates, author, image) and its place in the site. */
export function blogPostingJsonLd(post: JournalPost, origin: string, store: StoreInfo | undefined): object[] {
  const url = origin + journalPath(post.slug)
  const shop = store ? { '@type': 'Organization', name: store.name, url: `${origin}/` } : undefined
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.metaDescription ?? post.excerpt,
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      author: post.authorName ? { '@type': 'Person', name: post.authorName } : shop,
      ...(shop
        ? { publisher: { ...shop, logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` } } }
        : {}),
      ...(post.featuredImage ? { image: [absolute(origin, post.featuredImage)] } : {}),
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      url,
      articleSection: post.category,
      ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
        { '@type': 'ListItem', position: 2, name: 'Journal', item: `${origin}/journal` },
        { '@type': 'ListItem', position: 3, name: post.title, item: url },
      ],
    },
  ]
}
