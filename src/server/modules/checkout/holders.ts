import ipaddr from 'ipaddr.js'

/**
 * The holder a client address stands for, in checkout's limits on unpaid orders and pieces. An
 * IPv4 address is itself; an IPv6 address is its /64, the block one subscriber line or host is
 * given (RFC 6177), which hands out its addresses freely; an IPv4 client seen through an IPv6
 * socket (::ffff:a.b.c.d) is its IPv4 address. Unknown or unreadable: no holder.
 */
export function clientHolder(address: string | undefined): string | null {
  if (!address || !ipaddr.isValid(address)) return null
  const parsed = ipaddr.process(address)
  if (parsed.kind() === 'ipv4') return `address:${parsed.toString()}`
  const network = (parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')
  return `address:${network}::/64`
}

/** Mail services that ignore dots in the name part: a.b.c@gmail.com is abc@gmail.com. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' }

/**
 * The holder an e-mail address stands for, in the same limits. Every spelling that reaches one
 * mailbox is one holder: case aside, a `+tag` (hoarder+1@, hoarder+2@… all land with hoarder@ at
 * the providers that offer them) and, at Gmail, dots in the name and the googlemail.com alias.
 * Only a key: the order keeps the address as written.
 */
export function emailHolder(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at <= 0) return `email:${address}`
  let name = address.slice(0, at)
  let domain = address.slice(at + 1)
  const plus = name.indexOf('+')
  if (plus > 0) name = name.slice(0, plus)
  const dotless = DOTLESS_DOMAINS[domain]
  if (dotless) {
    name = name.replaceAll('.', '') || name
    domain = dotless
  }
  return `email:${name}@${domain}`
}
