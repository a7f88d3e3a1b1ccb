import { useEffect, useRef, useState } from 'react'
import { Skeleton } from '../ui/skeleton'

const SIZE = 192

/**
 * A QR code drawn in the browser: the secret never leaves the page as an image request. The QR
 * library is loaded only when a code is shown (setting up two-factor sign-in), never with the shop.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [drawn, setDrawn] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let current = true
    setDrawn(false)
    import('qrcode')
      .then((qr) =>
        qr.toCanvas(canvas.current!, value, {
          width: SIZE,
          margin: 2,
          errorCorrectionLevel: 'M',
          color: { dark: '#1f2a24', light: '#faf7f2' },
        }),
      )
      .then(() => current && setDrawn(true))
      .catch(() => current && setFailed(true))
    return () => {
      current = false
    }
  }, [value])

  if (failed)
    return (
      <p className="text-sm text-ink-muted">The QR code could not be drawn: enter the key below instead.</p>
    )
  return (
    <div className="relative inline-block border border-ink/10 bg-ivory p-2" style={{ width: SIZE + 18 }}>
      {!drawn && <Skeleton className="absolute inset-2" />}
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        width={SIZE}
        height={SIZE}
        className="block size-48"
      />
    </div>
  )
}
