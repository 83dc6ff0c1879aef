import { isIP } from 'node:net'
import { networkInterfaces } from 'node:os'

export interface StackAddresses {
  /** The host name in the apps' URLs (what browsers use). */
  host: string
  /** The address the apps listen on. */
  listen: string
  /** Whether other machines can reach the apps. */
  servesNetwork: boolean
}

/** An address that listens on every interface. */
export function isWildcardAddress(address: string) {
  return address === '0.0.0.0' || address === '::'
}

/**
 * Where the launcher's apps listen and the host name their URLs use, from
 * STACK_HOST. By default (or with a loopback name or address) they listen on
 * loopback only: in dev mode they hold demo accounts and run Vite's dev
 * server. Any other STACK_HOST serves the network: a name or address is what
 * the other machines' browsers use; a wildcard (0.0.0.0, ::) links to this
 * machine's first network address, so links and sign-in redirects work from
 * the other machines too.
 */
export function stackAddresses(stackHost = 'localhost'): StackAddresses {
  const bare = stackHost.replace(/^\[(.*)\]$/, '$1')
  if (bare === '::1') {
    return { host: '[::1]', listen: '::1', servesNetwork: false }
  }
  if (bare === 'localhost' || (isIP(bare) === 4 && bare.startsWith('127.'))) {
    return { host: bare, listen: '127.0.0.1', servesNetwork: false }
  }
  if (isWildcardAddress(bare)) {
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === 'IPv4')
    return { host: lan?.address ?? 'localhost', listen: bare, servesNetwork: true }
  }
  return { host: isIP(bare) === 6 ? `[${bare}]` : bare, listen: '0.0.0.0', servesNetwork: true }
}
