import { Download } from 'lucide-react'
import { Button } from '../ui/button'

/** Saves the codes as a text file: the one copy the owner keeps, since the shop keeps only hashes. */
function download(codes: string[], username: string) {
  const text = [
    `Recovery codes for ${username}`,
    'Each code signs you in once, in place of the code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n')
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
  const link = document.createElement('a')
  link.href = url
  link.download = 'recovery-codes.txt'
  link.click()
  URL.revokeObjectURL(url)
}

/** Shown once, right after two-factor sign-in is turned on. */
export function RecoveryCodes({
  codes,
  username,
  onDone,
}: {
  codes: string[]
  username: string
  onDone: () => void
}) {
  return (
    <section className="border border-gold/50 bg-sand/40 p-5 sm:p-6" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className="font-display text-2xl text-ink">
        Save your recovery codes
      </h3>
      <p className="mt-2 text-sm text-ink-muted">
        If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they are
        shown only now.
      </p>
      <ol className="mt-5 grid grid-cols-1 gap-x-8 gap-y-2 font-mono text-sm tabular-nums text-ink sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button variant="secondary" onClick={() => download(codes, username)}>
          <Download className="size-4" aria-hidden /> Download codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </section>
  )
}
