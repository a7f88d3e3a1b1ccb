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
