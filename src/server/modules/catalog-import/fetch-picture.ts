import { lookup as dnsLookup } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { MAX_IMAGE_BYTES } from '../../../shared/media/image-files'
import { IMPORT_FETCH_TIMEOUT_MS } from '../../config'

// Pictures named by URL in an imported file are fetched by the server, so a URL is a request the
// server makes for whoever wrote the file: it must never reach the shop's own network (a cloud's
// metadata address, a database, an admin port). Only http(s); every address a name resolves to is
// checked and the connection goes to the address that was checked (no second lookup to rebind);
// redirects are followed by hand and checked again; each picture gets a time and size limit.
// IMPORT_FETCH_ALLOW_HOSTS names hosts exempt from the address check (tests serve locally).

const MAX_REDIRECTS = 3

export class PictureFetchError extends Error {}

/** Only the public internet: private, loopback, link-local, multicast and reserved ranges are refused. */
export function isPublicAddress(address: string): boolean {
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return parsed.range() === 'unicast'
}

const refusedAddress = (host: string) =>
  new PictureFetchError(
    `${host} is a private or local address; the import fetches pictures only from the internet`,
  )

/** dns.lookup, refusing a name that resolves to any address off the public internet. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4)
    const list = addresses as unknown as { address: string; family: number }[]
    if (list.length === 0 || !list.every((entry) => isPublicAddress(entry.address)))
      return callback(refusedAddress(hostname), '', 4)
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: typeof list) => void)(null, list)
    callback(null, list[0]!.address, list[0]!.family)
  })
}

export interface FetchOptions {
  /** IMPORT_FETCH_ALLOW_HOSTS, lower-case host names. */
  allowHosts: readonly string[]
  /** IMPORT_FETCH_TIMEOUT_MS, 10 s unless set. */
  timeoutMs?: number
  maxBytes?: number
}

/** The picture's bytes, or a PictureFetchError saying why not in words for the owner. */
export async function fetchPicture(url: string, options: FetchOptions): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? IMPORT_FETCH_TIMEOUT_MS
  const deadline = AbortSignal.timeout(timeoutMs)
  let current = url
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await request(current, options, deadline).catch((error: Error) => {
      throw asFetchError(current, error, deadline, timeoutMs)
    })
    if (answer.kind === 'bytes') return answer.data
    current = answer.location
  }
  throw new PictureFetchError(`${url} redirects too many times`)
}

type Answer = { kind: 'bytes'; data: Buffer } | { kind: 'redirect'; location: string }

function request(address: string, options: FetchOptions, signal: AbortSignal): Promise<Answer> {
  let target: URL
  try {
    target = new URL(address)
  } catch {
    return Promise.reject(new PictureFetchError(`${address} is not a web address`))
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.reject(new PictureFetchError(`${address}: only http and https pictures are fetched`))
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  const allowed = options.allowHosts.includes(host)
  // A literal address is never looked up, so it is checked here.
  if (!allowed && isIP(host) && !isPublicAddress(host)) return Promise.reject(refusedAddress(host))
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES
  const client = target.protocol === 'https:' ? https : http
  return new Promise<Answer>((resolve, reject) => {
    const req = client.get(
      target,
      { signal, ...(allowed ? {} : { lookup: guardedLookup }), headers: { accept: 'image/*' } },
      (res) => {
        const status = res.statusCode ?? 0
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume()
          return resolve({ kind: 'redirect', location: new URL(res.headers.location, target).toString() })
        }
        if (status !== 200) {
          res.resume()
          return reject(new PictureFetchError(`${address} answered ${status}`))
        }
        if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
          res.destroy()
          return reject(new PictureFetchError(`${address} exceeds the 5MB size limit`))
        }
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > maxBytes) {
            res.destroy()
            reject(new PictureFetchError(`${address} exceeds the 5MB size limit`))
          } else chunks.push(chunk)
        })
        res.on('end', () => resolve({ kind: 'bytes', data: Buffer.concat(chunks) }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
  })
}

function asFetchError(
  address: string,
  error: Error,
  signal: AbortSignal,
  timeoutMs: number,
): PictureFetchError {
  if (error instanceof PictureFetchError) return error
  if (signal.aborted) return new PictureFetchError(`${address} took longer than ${timeoutMs / 1000} s`)
  return new PictureFetchError(`${address} could not be fetched (${error.message})`)
}
