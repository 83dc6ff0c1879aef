import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import type { LookupFunction } from 'node:net'

/*
 * Addresses an admin-chosen URL (a webhook) must never reach in production:
 * the server itself, its private network and cloud metadata services. A
 * URL is checked when it is saved and again at every connection (the
 * pinned lookup below), since a host name can resolve elsewhere later.
 */
const FORBIDDEN = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 onto any IPv4 address
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6')
}

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
export function isNonPublicAddress(address: string) {
  const family = isIP(address)
  if (family === 4) {
    return FORBIDDEN.check(address, 'ipv4')
  }
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
    return mapped ? FORBIDDEN.check(mapped[1], 'ipv4') : FORBIDDEN.check(address, 'ipv6')
  }
  return true
}

export class OutboundAddressError extends Error {}

export type OutboundPolicy = {
  /** Only https URLs, and only public addresses (production). */
  strict: boolean
}

/**
 * Checks a URL someone typed before the server sends anything to it:
 * http(s) only, no credentials in it, and under the strict policy https
 * only and every address its host resolves to public. Throws
 * OutboundAddressError with a message for the person who typed it.
 */
export async function checkOutboundUrl(value: string, policy: OutboundPolicy) {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new OutboundAddressError('This is not a valid URL')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundAddressError('The URL must start with https://')
  }
  if (policy.strict && url.protocol !== 'https:') {
    throw new OutboundAddressError('The URL must use https')
  }
  if (url.username || url.password) {
    throw new OutboundAddressError('The URL must not contain a user name or password')
  }
  if (policy.strict) {
    const host = url.hostname.replace(/^\[|\]$/g, '')
    let addresses: string[]
    try {
      const entries = isIP(host) ? [] : await lookup(host, { all: true, verbatim: true })
      addresses = isIP(host) ? [host] : entries.map((entry) => entry.address)
    } catch {
      throw new OutboundAddressError(`The host ${host} could not be found`)
    }
    if (addresses.length === 0 || addresses.some(isNonPublicAddress)) {
      throw new OutboundAddressError(
        'The URL points at a private, loopback or link-local address, which is not allowed'
      )
    }
  }
  return url
}

/**
 * A `lookup` for http(s).request that refuses non-public addresses under
 * the strict policy, so the address actually connected to is the one
 * checked (a host name that resolved to a public address when the URL was
 * saved cannot be pointed at the private network afterwards).
 */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, verbatim: true, family: options.family as number })
      .then((entries) => {
        const refused = policy.strict && entries.some((entry) => isNonPublicAddress(entry.address))
        if (entries.length === 0 || refused) {
          const error = new OutboundAddressError(
            `${hostname} resolves to an address that is not allowed`
          ) as NodeJS.ErrnoException
          error.code = 'EADDRNOTALLOWED'
          callback(error, '', 0)
          return
        }
        if (options.all) {
          ;(callback as unknown as (e: null, a: typeof entries) => void)(null, entries)
        } else {
          callback(null, entries[0].address, entries[0].family)
        }
      })
      .catch((error) => callback(error, '', 0))
  }
}
