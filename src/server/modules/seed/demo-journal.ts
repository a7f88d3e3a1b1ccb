// The demo Journal a fresh shop starts with: three stories a jadeite house would really publish,
// each linking pieces of the demo catalogue (`{{SKU}}` becomes that piece's id when seeded), so
// the journal pages, the product cards under a story and "From the Journal" on a product page
// all have something true to show. The owner edits or deletes them like any other post.
import type { Artwork } from './demo-images'

export interface DemoPost {
  title: string
  slug: string
  category: string
  excerpt: string
  metaDescription: string
  tags: string[]
  /** Markdown; `/product/{{WJ-…}}` links name demo pieces by SKU. */
  content: string
  publishedDaysAgo: number
  /** The pieces in the banner picture. */
  banner: Artwork[]
}

export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Type A Jadeite: How to Tell It from Treated Jade',
    slug: 'type-a-jadeite-how-to-tell-it-from-treated-jade',
    category: 'Guides',
    excerpt:
      'Bleached, polymer-filled and dyed jade can look beautiful in a shop window. Here is what “Type A” means, what the treatments do, and how to know what you are buying.',
    metaDescription:
      'What Type A, B and C jadeite mean, what bleaching, polymer and dye do to jade, and five ways to know the stone you buy is natural and untreated.',
    tags: ['type a', 'buying guide', 'certification'],
    publishedDaysAgo: 21,
    banner: [
      { kind: 'bangle', jade: 'imperial' },
      { kind: 'pendant', jade: 'icy', shape: 'coin' },
    ],
    content: `Two bangles can sit side by side under the same lights, share the same green and cost the same on the tag, and still be entirely different things. One was cut from a boulder, polished and sold as the earth made it. The other was soaked in acid, filled with resin and perhaps coloured. The trade has three short names for the difference: **Type A**, **Type B** and **Type C**.

## What the letters mean

**Type A** jadeite is natural. It has been cut, shaped and polished, and at most given a traditional coat of wax on its surface, as jade has been for centuries. Nothing has been added to the stone and nothing has been taken out. Every piece we sell is Type A.

**Type B** jadeite has been bleached. Strong acid dissolves the brown and grey stains that lower a stone’s price, which also opens the crystal structure; the empty spaces are then filled with a polymer resin to hold the stone together and make it look clear. Fresh from the workshop, a Type B bangle can look brighter than a natural one. Over the years the resin yellows and turns brittle, and the stone can lose its lustre or crack.

**Type C** jadeite has been dyed, usually green or lavender, to imitate the colours that make natural stones valuable. Dye fades in sunlight and washes out with household chemicals. A stone can be both bleached and dyed, which the trade calls **B+C**.

> Treatment is not a flaw in itself. Not saying so is.

Treated jade is legal to sell, and at an honest price it is a fair purchase. The trouble is that it is hard to tell from natural stone by eye, and it is too often sold at natural prices.

## What you can see for yourself

None of these is proof on its own, but together they are worth knowing.

1. **Colour that sits in the stone.** Natural colour grows in the crystal: it comes in veins, patches and clouds that follow the grain. Dye collects along tiny fractures and between grains, and under a loupe it can look like green threads in a colourless stone.
2. **Lustre.** Polished Type A jadeite has a glassy, slightly oily shine. Polymer-filled stone often looks softer, almost waxy, as if seen through a thin film.
3. **The surface under a loupe.** Acid etching can leave a fine network of pits and grooves across the surface, sometimes called *spider-web* or *orange-peel* texture.
4. **Sound.** Two natural jadeite bangles tapped gently together ring with a clear, high note; resin-filled stone sounds duller. Jewellers use this as a hint, never as a test, and we would rather you never tap a bangle you love.
5. **The price.** A bright, even, translucent green at a modest price deserves a second look. Fine natural colour is rare, and it is priced accordingly.

## What settles it: a laboratory

Bleaching and polymer filling can only be ruled out with instruments. A gemmological laboratory examines the stone with infrared spectroscopy, which detects the polymer, and looks at its colour under magnification and spectroscopy to find dye. The report states plainly whether the stone is natural jadeite with no treatment, which is what Type A means.

Every piece in our collection comes with that evidence: a laboratory report or an official authentication card, which we are glad to show you before you buy. The [Imperial Green Jadeite Bangle](/product/{{WJ-BAGR-5801}}) and the [Icy White Safety Coin Pendant](/product/{{WJ-NEWH-3018}}) below are two of them: their colour, their translucency and their glassy lustre are exactly what came out of the ground.

## Questions to ask any seller

- Is this jadeite, or another stone sold as jade (nephrite, serpentine, quartzite)?
- Is it Type A: no bleaching, no polymer, no dye?
- Which laboratory tested it, and may I see the report?
- Will you accept a return if an independent laboratory finds a treatment?

A good seller answers all four without hesitating. We put the answers on every product page, and if you would like to ask them in person, [write to us](/contact).`,
  },
  {
    title: 'How to Measure Your Hand for a Jade Bangle',
    slug: 'how-to-measure-your-hand-for-a-jade-bangle',
    category: 'Guides',
    excerpt:
      'A jade bangle is a solid circle of stone: it cannot stretch, and it has to pass over the widest part of your hand. Ten minutes with a strip of paper tells you your size.',
    metaDescription:
      'Measure your hand at home for a solid jade bangle: the paper-strip method, our inner diameter size chart from XS to XL, and how a bangle should fit.',
    tags: ['bangles', 'sizing', 'buying guide'],
    publishedDaysAgo: 10,
    banner: [
      { kind: 'bangle', jade: 'lavender' },
      { kind: 'bangle', jade: 'blue-green', slim: true },
    ],
    content: `A jade bangle is carved from a single piece of stone. It has no clasp and no give, so its size is its **inner diameter**, and the one measurement that matters is the widest part of your hand with the thumb tucked in, because that is what the bangle has to pass over.

## What you need

A strip of paper or thin ribbon about 30 cm long, a pen, a ruler with millimetres, and five minutes. A soft tailor’s tape is even better.

## Measuring, step by step

1. **Make the shape of putting on a bangle.** Bring your thumb across your palm towards your little finger, as if you were about to slip a bangle on. Keep your hand relaxed; do not squeeze.
2. **Wrap the widest part.** Wrap the strip around the knuckles, over the base of the tucked thumb, where the hand is widest. It should be snug but not tight.
3. **Mark and measure.** Mark where the strip overlaps, lay it flat and measure the length in millimetres. This is your hand’s circumference.
4. **Turn it into a diameter.** Divide the circumference by 3.14. A circumference of 182 mm, for example, gives 58 mm.
5. **Measure twice.** Do it once more on the same hand, a little later in the day, when hands are slightly fuller. Use the larger number.

## Our sizes

Every bangle page gives its exact inner diameter in millimetres. We group them like this:

| Size | Inner diameter |
|:--|--:|
| XS | 50–54 mm |
| S | 55–57 mm |
| M | 58–60 mm |
| L | 61–63 mm |
| XL | 64 mm and up |

If your measurement falls between two sizes, choose the larger for a bangle you will wear every day, and the smaller if you prefer a close fit and do not mind a little effort putting it on.

## How a bangle should fit

A well-fitted bangle slips over the hand with some gentle persuasion, then moves freely on the wrist without sliding far over the hand again. On a slim wrist it will sit a little lower; that is how bangles are meant to be worn. A bangle that goes on without any resistance will slip off just as easily.

Round and flat profiles wear differently too. A slim or flat-inside bangle, like the [Blue-Green Jadeite Slim Bangle](/product/{{WJ-BABL-6007}}), feels a size roomier than a round one of the same diameter, while a full round profile like the [Lavender Jadeite Bangle](/product/{{WJ-BALA-5402}}) sits closer.

## Putting it on

Soap your hand or use a little lotion, and slip a thin plastic bag over your fingers so the stone glides. Tuck your thumb, push the bangle over the knuckles with a gentle rolling movement, and do it over a bed or a folded towel, never a hard floor. Our [care guide](/journal/caring-for-your-jade) has more on keeping it safe once it is on.

Still unsure? Send us your measurement and we will tell you which pieces will fit; we are always glad to look.`,
  },
  {
    title: 'Caring for Your Jade',
    slug: 'caring-for-your-jade',
    category: 'Care',
    excerpt:
      'Jadeite is tough enough to wear every day for a lifetime. A few habits keep its polish bright and protect it from the one thing it fears: a hard knock.',
    metaDescription:
      'How to clean, wear and store natural jadeite jewelry: what to avoid, how to keep the polish bright, and why a soft pouch matters more than anything else.',
    tags: ['care', 'bangles'],
    publishedDaysAgo: 3,
    banner: [
      { kind: 'beads', jade: 'apple', beads: 18 },
      { kind: 'ring', jade: 'imperial', setting: 'cabochon' },
    ],
    content: `Jadeite is one of the toughest stones there is. Its interlocking crystals resist chipping better than most gems, which is why bangles are worn for decades and handed down. It is hard, too, at about 7 on the Mohs scale, like quartz. What it does not forgive is a sharp blow against a harder surface. Good care is mostly about that.

## Wearing it

- **Put it on last, take it off first.** Perfume, hairspray, sunscreen and lotion leave a film that dulls the polish. Let them dry before your jade goes on.
- **Take it off for hard work.** Gardening, the gym, moving furniture and washing dishes are when bangles meet tiles, weights and sinks.
- **Mind the doorframes.** Most bangle accidents happen in a moment: a car door, a granite counter, a hand waved towards a wall. After a week you will feel where your bangle is.
- **Wear it often.** Natural jadeite needs no special treatment to keep its lustre, and the gentle polish of skin and cloth suits it well.

## Cleaning

Warm water, a drop of mild soap and a soft cloth are all jadeite needs. Rinse, then dry with a lint-free cloth. A soft toothbrush reaches around the setting of a ring like the [Imperial Green Jadeite Cabochon Ring](/product/{{WJ-RIGR-0721}}), and the knots of a bead bracelet like the [Apple Green Jadeite Bead Bracelet](/product/{{WJ-BRGR-0808}}) prefer to dry flat.

Please avoid:

- ultrasonic and steam cleaners, which can loosen settings and stress a stone with hidden fractures;
- bleach, ammonia, acetone and household cleaners;
- sudden heat, such as a sauna or a hot dashboard in summer.

## Storing it

Keep each piece in its own soft pouch or a lined compartment, away from diamonds and sapphires, which can scratch it, and away from other jade, which can chip it. Bead bracelets and necklaces are best stored flat, so the silk does not stretch.

> Jade is not fragile. It is simply solid, and a solid circle of stone will always lose to a marble floor.

## When to see us

Look at your pieces every few months. If a bead strand looks stretched, a prong seems lifted, or you notice a new line in a stone after a knock, [contact us](/contact). Restringing and checking settings is part of what we do, and a small repair in time keeps a piece for generations.`,
  },
]
