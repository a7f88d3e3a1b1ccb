import { useState } from 'react'
import { campaignsAdminContract as contract } from '../../../shared/campaigns/admin-contract'
import { Button } from '../../ui/button'

// The saved campaign as a reader's mail program shows it, at a desktop's and at a phone's width.
// The server writes it exactly as it sends it (pieces, story, unsubscribe link, postal address) and
// serves it as a page of its own, with its own policy (campaigns/preview-page.ts): nothing in it
// runs (no allow-scripts, no script-src). The frame keeps the shop's origin only so that the shop's
// pictures, which other origins may not embed, load inside it. On a screen narrower than the frame,
// the frame scrolls sideways inside its box; the page never does.

const WIDTHS = { desktop: 600, phone: 375 } as const
type Width = keyof typeof WIDTHS
const LABELS: Record<Width, string> = { desktop: 'Desktop', phone: 'Phone' }

export function MailPreview({ campaignId, version }: { campaignId: number; version: string }) {
  const [width, setWidth] = useState<Width>('desktop')
  // The version (the campaign's last change) makes the frame load the message as last saved.
  const src = `${contract.previewPage.path.replace(':id', String(campaignId))}?v=${encodeURIComponent(version)}`
  return (
    <section aria-labelledby="mail-preview-title" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="mail-preview-title" className="font-display text-xl text-ink">
          The e-mail, as saved
        </h2>
        <fieldset className="inline-flex gap-1">
          <legend className="sr-only">Preview width</legend>
          {(Object.keys(WIDTHS) as Width[]).map((name) => (
            <Button
              key={name}
              type="button"
              size="sm"
              variant={width === name ? 'primary' : 'secondary'}
              aria-pressed={width === name}
              onClick={() => setWidth(name)}
            >
              {LABELS[name]}
            </Button>
          ))}
        </fieldset>
      </div>
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (axe's scrollable-region-focusable)
        tabIndex={0}
        className="min-w-0 overflow-x-auto border border-ink/10 bg-sand p-3 focus-visible:outline-2 focus-visible:outline-jade-700"
      >
        <iframe
          title={`The campaign's e-mail, ${LABELS[width].toLowerCase()} width`}
          src={src}
          sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          className="mx-auto block h-[40rem] border-0 bg-white shadow-sm"
          style={{ width: WIDTHS[width] }}
        />
      </div>
    </section>
  )
}
