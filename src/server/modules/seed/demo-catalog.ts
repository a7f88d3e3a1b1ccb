// The demo catalogue a fresh shop starts with: realistic enough to judge the storefront, the
// filters and the back office by (every category, every bangle size with its boundaries, a sold
// and a reserved piece, sale prices), and obviously replaceable by the owner.
import type { ProductCategory, ProductType } from '../../../shared/catalog/rules'
import type { Artwork } from './demo-images'

export interface DemoProduct {
  /** WJ-{category 2}{colour 2}-{4 digits}, as the back office generates them (back-office.md §3). */
  sku: string
  name: string
  shortDescription: string
  description: string
  /** Cents. */
  price: number
  originalPrice?: number
  /** Cents: what the piece cost the shop, for the sales ledger's profit. */
  cost: number
  category: ProductCategory
  type: ProductType
  color: string
  innerDiameterMm?: number
  weight: string
  dimensions: string
  certification: string
  featured?: boolean
  status?: 'available' | 'sold' | 'reserved'
  stockQuantity?: number
  /** How long ago the piece was listed, so "newest" orderings look lived-in. */
  listedDaysAgo: number
  artwork: Artwork
}

export const DEMO_JADE_TYPE = 'Type A'
export const DEMO_ORIGIN = 'Myanmar'

// Each piece's report as a real shop would state it: a named laboratory's report type, its number
// (shown on the product page's certificate panel) and its conclusion. A buyer reads "GIA-style" as
// "not GIA", so the demo never says it. The numbers follow from the SKU, one per piece.
const giaReport = (sku: number) =>
  `GIA Identification Report No. ${2_231_800_000 + sku * 13}: natural jadeite, Type A`
const hkjsglReport = (sku: number) =>
  `Hong Kong Jade & Stone Laboratory Test Report No. KJ${70_000 + sku}: natural jadeite jade, Type A`

export const DEMO_PRODUCTS: DemoProduct[] = [
  // Bangles: one in every size range, with the range boundaries (54/55, 63/64) represented.
  {
    sku: 'WJ-BAGR-5801',
    name: 'Imperial Green Jadeite Bangle',
    shortDescription: 'Vivid, even imperial green with a glassy glow. A collector-grade round bangle.',
    description:
      'A round-profile bangle carved from a single piece of Burmese jadeite in the saturated, even green the trade calls imperial. Held to a window, the colour lights up from within; the stone is fine-grained and translucent, with no cracks visible to the eye. Natural Type A: untreated, no bleach, no polymer, no dye. Polished by hand to a soft, mirror-like lustre.',
    price: 480000,
    cost: 264000,
    category: 'bangles',
    type: 'bangle',
    color: 'green',
    innerDiameterMm: 58,
    weight: '62.4 g',
    dimensions: 'Inner diameter 58 mm, width 13.8 mm, thickness 8.4 mm',
    certification: giaReport(5801),
    featured: true,
    listedDaysAgo: 3,
    artwork: { kind: 'bangle', jade: 'imperial' },
  },
  {
    sku: 'WJ-BALA-5402',
    name: 'Lavender Jadeite Bangle',
    shortDescription: 'Soft pinkish lavender with gentle translucency, sized for a petite hand.',
    description:
      'Lavender jadeite owes its colour to traces of manganese, and this bangle shows it evenly all the way round: a cool, pinkish purple that deepens in daylight. Fine texture with a light, milky translucency. Natural Type A jadeite from Myanmar, never treated, finished with a classic rounded inner edge for comfort.',
    price: 185000,
    cost: 92500,
    category: 'bangles',
    type: 'bangle',
    color: 'lavender',
    innerDiameterMm: 54,
    weight: '48.9 g',
    dimensions: 'Inner diameter 54 mm, width 12.6 mm, thickness 7.9 mm',
    certification: giaReport(5402),
    featured: true,
    listedDaysAgo: 9,
    artwork: { kind: 'bangle', jade: 'lavender' },
  },
  {
    sku: 'WJ-BAWH-5503',
    name: 'Icy White Jadeite Bangle',
    shortDescription: 'Near-colourless, ice-clear jadeite with a cool glow. Quietly luxurious.',
    description:
      'Icy jadeite is prized for its clarity rather than its colour: light passes through this bangle almost as through frosted glass, leaving a cool, silvery glow. Faint natural cotton-like inclusions confirm it is untreated. Natural Type A jadeite from Myanmar, with a slender round profile that sits lightly on the wrist.',
    price: 240000,
    originalPrice: 280000,
    cost: 120000,
    category: 'bangles',
    type: 'bangle',
    color: 'white',
    innerDiameterMm: 55,
    weight: '44.1 g',
    dimensions: 'Inner diameter 55 mm, width 10.2 mm, thickness 8.0 mm',
    certification: hkjsglReport(5503),
    listedDaysAgo: 21,
    artwork: { kind: 'bangle', jade: 'icy', slim: true },
  },
  {
    sku: 'WJ-BAGR-6304',
    name: 'Apple Green Jadeite Bangle',
    shortDescription: 'Fresh apple green, bright and even, in a generous comfortable size.',
    description:
      'A lively, spring-like apple green that reads bright even in low light. The colour is even across the band with a few natural, softer-toned clouds that give the piece character. Natural Type A jadeite from Myanmar, polished by hand; the rounded profile makes it comfortable for everyday wear.',
    price: 320000,
    cost: 176000,
    category: 'bangles',
    type: 'bangle',
    color: 'green',
    innerDiameterMm: 63,
    weight: '67.8 g',
    dimensions: 'Inner diameter 63 mm, width 14.1 mm, thickness 8.6 mm',
    certification: giaReport(6304),
    listedDaysAgo: 14,
    artwork: { kind: 'bangle', jade: 'apple' },
  },
  {
    sku: 'WJ-BAYE-6405',
    name: 'Honey Yellow Jadeite Bangle',
    shortDescription: 'Warm honey-yellow jadeite, rare and glowing, in a larger size.',
    description:
      'Yellow jadeite takes its warm honey tone from iron in the ground where it formed, and it is far rarer than green. This bangle glows like amber held to the light, with natural deeper streaks along the band. Natural Type A jadeite from Myanmar, untreated and polished to a gentle sheen.',
    price: 145000,
    cost: 72500,
    category: 'bangles',
    type: 'bangle',
    color: 'yellow',
    innerDiameterMm: 64,
    weight: '66.2 g',
    dimensions: 'Inner diameter 64 mm, width 13.2 mm, thickness 8.3 mm',
    certification: giaReport(6405),
    status: 'reserved',
    listedDaysAgo: 30,
    artwork: { kind: 'bangle', jade: 'honey' },
  },
  {
    sku: 'WJ-BABL-6606',
    name: "Black Jadeite Men's Bangle",
    shortDescription: 'Deep black jadeite with a satin polish, substantial and understated.',
    description:
      'Black jadeite (sometimes called mo cui) looks ink-black on the wrist yet glows deep green when a strong light shines through its edge, a simple test of a natural stone. A broad, substantial bangle with a satin polish, sized for a larger hand. Natural Type A jadeite from Myanmar.',
    price: 98000,
    cost: 44100,
    category: 'bangles',
    type: 'bangle',
    color: 'black',
    innerDiameterMm: 66,
    weight: '78.5 g',
    dimensions: 'Inner diameter 66 mm, width 15.0 mm, thickness 9.1 mm',
    certification: hkjsglReport(6606),
    listedDaysAgo: 40,
    artwork: { kind: 'bangle', jade: 'black' },
  },
  {
    sku: 'WJ-BABL-6007',
    name: 'Blue-Green Jadeite Slim Bangle',
    shortDescription: 'Cool oceanic blue-green in a slender profile that stacks beautifully.',
    description:
      'A cool, oceanic blue-green with a watery translucency that shifts from teal to sea green as the light changes. A slim bangle that layers well with a watch or a second bangle. Natural Type A jadeite from Myanmar, untreated and polished by hand.',
    price: 126000,
    cost: 63000,
    category: 'bangles',
    type: 'bangle',
    color: 'blue-green',
    innerDiameterMm: 60,
    weight: '38.6 g',
    dimensions: 'Inner diameter 60 mm, width 9.4 mm, thickness 7.2 mm',
    certification: giaReport(6007),
    listedDaysAgo: 6,
    artwork: { kind: 'bangle', jade: 'blue-green', slim: true },
  },

  // Bead bracelets.
  {
    sku: 'WJ-BRGR-0808',
    name: 'Apple Green Jadeite Bead Bracelet',
    shortDescription: 'Twenty-one 8 mm apple green beads, hand-matched for colour.',
    description:
      'Twenty-one round 8 mm beads cut from one piece of apple green jadeite, so the colour matches bead to bead, with the natural variation that tells you it is real. Strung on durable elastic cord for easy wear. Natural Type A jadeite from Myanmar.',
    price: 68000,
    cost: 34000,
    category: 'bracelets',
    type: 'bracelet',
    color: 'green',
    weight: '17.2 g',
    dimensions: '8 mm beads, 21 beads, fits a 6.5 in wrist',
    certification: giaReport(808),
    listedDaysAgo: 11,
    artwork: { kind: 'beads', jade: 'apple', beads: 20 },
  },
  {
    sku: 'WJ-BRLA-1009',
    name: 'Lavender Jadeite Bead Bracelet',
    shortDescription: 'Plump 10 mm lavender beads with a soft, even glow.',
    description:
      'Eighteen 10 mm beads of soft lavender jadeite, polished to a gentle glow and strung on strong elastic cord. The beads were matched by hand from a single rough so the colour flows evenly around the wrist. Natural Type A jadeite from Myanmar.',
    price: 89000,
    originalPrice: 105000,
    cost: 44500,
    category: 'bracelets',
    type: 'bracelet',
    color: 'lavender',
    weight: '29.5 g',
    dimensions: '10 mm beads, 18 beads, fits a 6.75 in wrist',
    certification: giaReport(1009),
    featured: true,
    listedDaysAgo: 5,
    artwork: { kind: 'beads', jade: 'lavender', beads: 18 },
  },
  {
    sku: 'WJ-BRWH-0610',
    name: 'Icy White Jadeite Bead Bracelet',
    shortDescription: 'Delicate 6 mm icy beads, clear as frost. An everyday classic.',
    description:
      'Small, clear 6 mm beads of icy jadeite that catch the light like frost on glass. Light enough to wear every day and to stack with other bracelets. Natural Type A jadeite from Myanmar, strung on elastic cord.',
    price: 42000,
    cost: 21000,
    category: 'bracelets',
    type: 'bracelet',
    color: 'white',
    weight: '9.8 g',
    dimensions: '6 mm beads, 28 beads, fits a 6.5 in wrist',
    certification: hkjsglReport(610),
    listedDaysAgo: 18,
    artwork: { kind: 'beads', jade: 'icy', beads: 24 },
  },
  {
    sku: 'WJ-BRBL-1211',
    name: 'Black Jadeite Bead Bracelet',
    shortDescription: 'Bold 12 mm black jadeite beads with a satin finish.',
    description:
      'Fifteen generous 12 mm beads of black jadeite with a satin finish: a strong, masculine piece that pairs well with a watch. Each bead shows a deep green glow at its edge under a torch. Natural Type A jadeite from Myanmar.',
    price: 36000,
    cost: 16200,
    category: 'bracelets',
    type: 'bracelet',
    color: 'black',
    weight: '41.3 g',
    dimensions: '12 mm beads, 15 beads, fits a 7.25 in wrist',
    certification: hkjsglReport(1211),
    listedDaysAgo: 27,
    artwork: { kind: 'beads', jade: 'black', beads: 15 },
  },

  // Earrings.
  {
    sku: 'WJ-EAGR-1812',
    name: 'Imperial Green Jadeite Drop Earrings',
    shortDescription: 'Matched imperial green teardrops on 18K gold French hooks.',
    description:
      'A matched pair of imperial green teardrop cabochons, cut from the same stone so their colour and translucency agree, each hung from a hand-finished 18K yellow gold cap on a French hook. They move and glow with every turn of the head. Natural Type A jadeite from Myanmar.',
    price: 265000,
    cost: 145750,
    category: 'earrings',
    type: 'earring',
    color: 'green',
    weight: '4.6 g (pair)',
    dimensions: 'Drops 14 x 9 mm, total drop 32 mm, 18K yellow gold',
    certification: giaReport(1812),
    featured: true,
    listedDaysAgo: 4,
    artwork: { kind: 'drops', jade: 'imperial' },
  },
  {
    sku: 'WJ-EALA-2213',
    name: 'Lavender Jadeite Hoop Earrings',
    shortDescription: 'Little carved lavender jade hoops on 14K gold hooks.',
    description:
      'Each hoop is carved whole from lavender jadeite, a small echo of a bangle, and hung on a 14K yellow gold French hook. Light, playful and easy to wear from day to evening. Natural Type A jadeite from Myanmar.',
    price: 78000,
    cost: 39000,
    category: 'earrings',
    type: 'earring',
    color: 'lavender',
    weight: '3.9 g (pair)',
    dimensions: 'Hoops 22 mm across, total drop 38 mm, 14K yellow gold',
    certification: giaReport(2213),
    listedDaysAgo: 16,
    artwork: { kind: 'hoops', jade: 'lavender' },
  },
  {
    sku: 'WJ-EAWH-0714',
    name: 'Icy Jadeite Cabochon Stud Earrings',
    shortDescription: 'Small icy jadeite cabochons in 14K gold bezels. Made in a small series.',
    description:
      'Round 7 mm cabochons of clear, icy jadeite in polished 14K yellow gold bezels with secure screw backs: the simplest way to wear jade every day. We cut a small series of matched pairs from one rough, so more than one is available. Natural Type A jadeite from Myanmar.',
    price: 18000,
    cost: 9000,
    category: 'earrings',
    type: 'earring',
    color: 'white',
    weight: '1.8 g (pair)',
    dimensions: 'Cabochons 7 mm, 14K yellow gold bezels',
    certification: hkjsglReport(714),
    stockQuantity: 3,
    listedDaysAgo: 24,
    artwork: { kind: 'studs', jade: 'icy' },
  },
  {
    sku: 'WJ-EAGR-1515',
    name: 'Apple Green Jadeite Teardrop Earrings',
    shortDescription: 'Bright apple green teardrops on 14K gold hooks.',
    description:
      'A pair of bright apple green teardrops with a fresh, lively colour, each hung from a 14K yellow gold cap and French hook. Natural Type A jadeite from Myanmar, matched for colour and size.',
    price: 112000,
    cost: 56000,
    category: 'earrings',
    type: 'earring',
    color: 'green',
    weight: '4.1 g (pair)',
    dimensions: 'Drops 13 x 8 mm, total drop 30 mm, 14K yellow gold',
    certification: giaReport(1515),
    status: 'sold',
    listedDaysAgo: 45,
    artwork: { kind: 'drops', jade: 'apple' },
  },
  {
    sku: 'WJ-EABL-1616',
    name: 'Blue-Green Jadeite Drop Earrings',
    shortDescription: 'Watery blue-green teardrops with a cool glow, on 14K gold hooks.',
    description:
      'Translucent blue-green teardrops with the cool, watery tone of a mountain lake, hung from 14K yellow gold caps on French hooks. A quieter alternative to bright green that flatters silver and gold alike. Natural Type A jadeite from Myanmar.',
    price: 96000,
    cost: 48000,
    category: 'earrings',
    type: 'earring',
    color: 'blue-green',
    weight: '4.3 g (pair)',
    dimensions: 'Drops 14 x 9 mm, total drop 31 mm, 14K yellow gold',
    certification: giaReport(1616),
    listedDaysAgo: 12,
    artwork: { kind: 'drops', jade: 'blue-green' },
  },

  // Necklaces and pendants.
  {
    sku: 'WJ-NEGR-2417',
    name: 'Imperial Green Teardrop Pendant Necklace',
    shortDescription: 'A glowing imperial green teardrop on a fine 18K gold chain.',
    description:
      'A large teardrop cabochon of imperial green jadeite, domed high to gather light so it glows from within, with an 18K yellow gold bail on a fine 18 in 18K gold chain. A statement of colour that stays elegant. Natural Type A jadeite from Myanmar.',
    price: 420000,
    cost: 231000,
    category: 'necklaces',
    type: 'necklace',
    color: 'green',
    weight: '7.8 g with chain',
    dimensions: 'Pendant 24 x 16 mm, chain 18 in, 18K yellow gold',
    certification: giaReport(2417),
    featured: true,
    listedDaysAgo: 2,
    artwork: { kind: 'pendant', jade: 'imperial', shape: 'teardrop' },
  },
  {
    sku: 'WJ-NEWH-3018',
    name: 'Icy White Safety Coin Pendant',
    shortDescription: 'A clear icy safety coin, the traditional token of peace and protection.',
    description:
      'The ping an kou, or safety coin, is one of the oldest jade forms: a disc with a round hole, given to wish the wearer peace and safe travels. This one is cut from clear, icy jadeite and hung from a 14K yellow gold bail on a 16 in 14K gold chain. Natural Type A jadeite from Myanmar.',
    price: 58000,
    cost: 29000,
    category: 'necklaces',
    type: 'pendant',
    color: 'white',
    weight: '6.2 g with chain',
    dimensions: 'Coin 30 mm across, chain 16 in, 14K yellow gold',
    certification: hkjsglReport(3018),
    listedDaysAgo: 19,
    artwork: { kind: 'pendant', jade: 'icy', shape: 'coin' },
  },
  {
    sku: 'WJ-NELA-3519',
    name: 'Lavender Jadeite Leaf Pendant',
    shortDescription: 'A hand-carved lavender leaf, a wish for growth and prosperity.',
    description:
      'A leaf carved by hand from soft lavender jadeite, its veins cut finely into the surface. In jade symbolism the leaf stands for growth and a prosperous career. On a 14K yellow gold bail and 18 in chain. Natural Type A jadeite from Myanmar.',
    price: 74000,
    cost: 37000,
    category: 'necklaces',
    type: 'pendant',
    color: 'lavender',
    weight: '5.9 g with chain',
    dimensions: 'Leaf 35 x 18 mm, chain 18 in, 14K yellow gold',
    certification: giaReport(3519),
    listedDaysAgo: 33,
    artwork: { kind: 'pendant', jade: 'lavender', shape: 'leaf' },
  },
  {
    sku: 'WJ-NEYE-2820',
    name: 'Honey Yellow Jadeite Gourd Pendant',
    shortDescription: 'A warm honey-yellow hulu gourd, the traditional emblem of good health.',
    description:
      'The hulu gourd is an age-old emblem of good health and good fortune. This one is carved from warm honey-yellow jadeite that glows like amber, on a 14K yellow gold bail and 18 in chain. Natural Type A jadeite from Myanmar.',
    price: 52000,
    originalPrice: 64000,
    cost: 26000,
    category: 'necklaces',
    type: 'pendant',
    color: 'yellow',
    weight: '5.4 g with chain',
    dimensions: 'Gourd 28 x 17 mm, chain 18 in, 14K yellow gold',
    certification: giaReport(2820),
    listedDaysAgo: 25,
    artwork: { kind: 'pendant', jade: 'honey', shape: 'gourd' },
  },

  // Rings.
  {
    sku: 'WJ-RIGR-0721',
    name: 'Imperial Green Jadeite Cabochon Ring',
    shortDescription: 'A high-domed imperial green oval cabochon set in 18K yellow gold.',
    description:
      'An oval imperial green cabochon with a high, glowing dome, held in a hand-made 18K yellow gold bezel on a tapered band. The colour is intense and perfectly even. US size 7, resizable by a jeweller. Natural Type A jadeite from Myanmar.',
    price: 390000,
    cost: 214500,
    category: 'rings',
    type: 'ring',
    color: 'green',
    weight: '5.6 g',
    dimensions: 'Cabochon 14 x 11 mm, US size 7, 18K yellow gold',
    certification: giaReport(721),
    featured: true,
    listedDaysAgo: 7,
    artwork: { kind: 'ring', jade: 'imperial', setting: 'cabochon' },
  },
  {
    sku: 'WJ-RILA-0622',
    name: 'Lavender Jadeite Halo Ring',
    shortDescription: 'Lavender cabochon framed by a halo of diamonds in 14K gold.',
    description:
      'A soft lavender oval cabochon framed by a halo of twenty-two small round diamonds (0.18 ct total), set in 14K yellow gold. Romantic and refined. US size 6.5, resizable. Natural Type A jadeite from Myanmar.',
    price: 165000,
    cost: 82500,
    category: 'rings',
    type: 'ring',
    color: 'lavender',
    weight: '4.2 g',
    dimensions: 'Cabochon 11 x 8 mm, US size 6.5, 14K yellow gold, diamonds 0.18 ct',
    certification: giaReport(622),
    listedDaysAgo: 13,
    artwork: { kind: 'ring', jade: 'lavender', setting: 'halo' },
  },
  {
    sku: 'WJ-RIBL-1023',
    name: 'Black Jadeite Saddle Ring',
    shortDescription: 'A smooth saddle ring carved from one piece of black jadeite.',
    description:
      'A saddle ring carved whole from black jadeite: no metal, just a smooth, cool band with a satin polish. Comfortable, durable and quietly striking. US size 10. Natural Type A jadeite from Myanmar.',
    price: 28000,
    cost: 12600,
    category: 'rings',
    type: 'ring',
    color: 'black',
    weight: '6.0 g',
    dimensions: 'Band 7 mm wide, US size 10',
    certification: hkjsglReport(1023),
    listedDaysAgo: 35,
    artwork: { kind: 'ring', jade: 'black', setting: 'band' },
  },
  {
    sku: 'WJ-RIBL-0824',
    name: 'Blue-Green Jadeite Oval Ring',
    shortDescription: 'A translucent blue-green oval cabochon in a 14K gold bezel.',
    description:
      'A translucent blue-green oval cabochon with a gentle dome, set in a polished 14K yellow gold bezel on a slim band. The colour shifts from teal to sea green as it turns. US size 7.5, resizable. Natural Type A jadeite from Myanmar.',
    price: 138000,
    cost: 69000,
    category: 'rings',
    type: 'ring',
    color: 'blue-green',
    weight: '4.8 g',
    dimensions: 'Cabochon 13 x 10 mm, US size 7.5, 14K yellow gold',
    certification: giaReport(824),
    listedDaysAgo: 10,
    artwork: { kind: 'ring', jade: 'blue-green', setting: 'cabochon' },
  },
]

/** One line under each category's picture on the home page. */
export const DEMO_CATEGORY_DESCRIPTIONS: Record<ProductCategory, string> = {
  bangles: 'Solid circles of Burmese jadeite, polished by hand to a soft glow and sized to the hand.',
  bracelets: 'Hand-matched jadeite beads, each strand cut from a single stone so the colour flows.',
  earrings: 'Drops, hoops and studs of natural jadeite in solid gold, made to catch the light.',
  necklaces: 'Carved pendants and cabochons on fine gold chains, each carrying a traditional blessing.',
  rings: 'Cabochons and carved saddle rings that bring the colour of jadeite to the hand.',
}

export interface DemoTestimonial {
  customerName: string
  content: string
  rating: number
  approved: boolean
  /** The reviewed piece, by SKU: ids are only known once the products are inserted. */
  productSku: string
  daysAgo: number
}

export const DEMO_TESTIMONIALS: DemoTestimonial[] = [
  {
    customerName: 'Margaret L.',
    content:
      'The bangle is even more beautiful in person: the green glows in daylight. The sizing advice was spot on and it slipped over my hand perfectly.',
    rating: 5,
    approved: true,
    productSku: 'WJ-BAGR-5801',
    daysAgo: 2,
  },
  {
    customerName: 'David C.',
    content:
      "Bought the lavender bead bracelet for my wife's birthday. Beautifully packed, with the lab report included. She hasn't taken it off since.",
    rating: 5,
    approved: true,
    productSku: 'WJ-BRLA-1009',
    daysAgo: 8,
  },
  {
    customerName: 'Sophia N.',
    content:
      'Understated and so well made. I wear the icy studs every day, and the authentication card gave me real peace of mind.',
    rating: 5,
    approved: true,
    productSku: 'WJ-EAWH-0714',
    daysAgo: 15,
  },
  {
    customerName: 'Robert H.',
    content:
      'Quick answers to my questions and fast shipping to Texas. The black jade ring has a lovely weight and polish.',
    rating: 4,
    approved: true,
    productSku: 'WJ-RIBL-1023',
    daysAgo: 22,
  },
  {
    customerName: 'Jennifer W.',
    content:
      'Lovely little gourd pendant and it arrived quickly. The honey colour is warmer than I expected.',
    rating: 4,
    approved: false,
    productSku: 'WJ-NEYE-2820',
    daysAgo: 1,
  },
]
