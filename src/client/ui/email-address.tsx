/**
 * An e-mail address that wraps, where it must, before its "@" rather than wherever a letter
 * happens to reach the edge ("name@example.co / m"); a local part longer than the column still
 * breaks anywhere.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@')
  if (at <= 0) return <span className="[overflow-wrap:anywhere]">{address}</span>
  return (
    <span className="[overflow-wrap:anywhere]">
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
  )
}
