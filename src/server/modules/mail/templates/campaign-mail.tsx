import type { StoreInfo } from '../../../../shared/ssr'
import type { RenderedMail } from '../worker'
import { COLORS, MailButton, MailFooter, P, renderMail } from './layout'
import { PieceCard } from './piece-card'

// A newsletter campaign's message (issue 38): the owner's Markdown (already sanitised to HTML by
// the journal's renderer), up to six pieces and a journal story, then what the law and good manners
// ask of a letter sent to many: a visible unsubscribe link, RFC 8058's one-click List-Unsubscribe,
// the shop's postal address (CAN-SPAM) and a plain-text part (read off the HTML, as every
// message's is). No tracking pixel and no rewritten link: every link goes where the owner pointed it.

export interface CampaignPiece {
  name: string
  price: number
  /** Absolute: the piece's page and its first picture. */
  url: string
  imageUrl: string | null
  imageAlt: string
  /** Sold (or reserved) by the time this message is written. */
  sold: boolean
}

export interface CampaignStory {
  title: string
  excerpt: string | null
  url: string
  imageUrl: string | null
}

export interface CampaignMailData {
  subject: string
  previewText: string | null
  /** The body as the journal's renderer made it: sanitised HTML. */
  html: string
  pieces: CampaignPiece[]
  story: CampaignStory | null
  /** The page with one button (for people), and the one-click address (for mail programs). */
  unsubscribeUrl: string
  oneClickUrl: string
  postalAddress: string
}

export function campaignMail(data: CampaignMailData, store: StoreInfo): RenderedMail {
  const why = `You are receiving this because you subscribed to the ${store.name} newsletter.`
  const { html, text } = renderMail(
    store,
    <>
      {data.previewText && (
        // The line a mail program shows beside the subject; hidden in the message itself.
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{data.previewText}</div>
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the journal's renderer (journal/render.ts) */}
      <div dangerouslySetInnerHTML={{ __html: setHeadings(data.html) }} />
      {data.pieces.map((piece) => (
        <PieceCard key={piece.url} piece={piece} />
      ))}
      {data.story && <StoryCard story={data.story} />}
      <MailFooter unsubscribe={{ href: data.unsubscribeUrl, label: 'Unsubscribe' }}>{why}</MailFooter>
      <P style={{ fontSize: 13, color: COLORS.muted }}>{data.postalAddress}</P>
    </>,
  )
  return {
    subject: data.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${data.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

// Mail programs keep inline styles only: the owner's headings get the shop's serif here, as the
// pieces' names have it, instead of each program's bold sans.
const HEADING_STYLE: Record<string, string> = {
  h1: 'font-size:30px',
  h2: 'font-size:26px',
  h3: 'font-size:21px',
}
function setHeadings(html: string): string {
  return html.replace(
    /<(h[1-3])>/g,
    (_match, tag: string) =>
      `<${tag} style="margin:0 0 12px;font-family:Georgia,serif;font-weight:normal;line-height:1.2;color:${COLORS.ink};${HEADING_STYLE[tag]}">`,
  )
}

function StoryCard({ story }: { story: CampaignStory }) {
  return (
    <div style={{ margin: '0 0 24px', background: '#FFFFFF', border: `1px solid ${COLORS.rule}` }}>
      {story.imageUrl && (
        <a href={story.url}>
          <img
            src={story.imageUrl}
            // The picture is a link: its text is where it goes.
            alt={story.title}
            width={600}
            style={{ display: 'block', width: '100%', height: 'auto', border: 0 }}
          />
        </a>
      )}
      <div style={{ padding: '16px 20px 4px' }}>
        <p style={{ margin: '0 0 8px', fontFamily: 'Georgia,serif', fontSize: 20 }}>
          <a href={story.url} style={{ color: COLORS.ink, textDecoration: 'none' }}>
            {story.title}
          </a>
        </p>
        {story.excerpt && <P>{story.excerpt}</P>}
        <MailButton href={story.url}>Read the story</MailButton>
      </div>
    </div>
  )
}
