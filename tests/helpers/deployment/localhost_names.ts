import dns, { type LookupAddress, type LookupOptions } from 'node:dns'

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number
) => void

// Taken when this module loads, before the preload replaces dns.lookup with lookupLocalhostNames.
const systemLookup = dns.lookup

/** `localhost` and every name under it (RFC 6761, section 6.3). */
export function isLocalhostName(hostname: string) {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost')
}

/**
 * dns.lookup, except that *.localhost is 127.0.0.1, as browsers resolve it.
 * The rehearsal's sites are sso.localhost and the like; in production their
 * names are in DNS, but this machine's resolver (glibc without
 * systemd-resolved) does not know *.localhost, and the rehearsal must not edit
 * /etc/hosts. Used by the test's own requests (an https.Agent's lookup) and,
 * through localhost_names_preload.ts, by the apps' calls to sso.
 */
export function lookupLocalhostNames(
  hostname: string,
  options: LookupOptions | number | LookupCallback,
  callback?: LookupCallback
) {
  const done = (typeof options === 'function' ? options : callback)!
  const settings = typeof options === 'object' ? options : {}
  if (!isLocalhostName(hostname)) {
    return systemLookup(hostname, settings as LookupOptions, done as never)
  }
  if (settings.all) {
    process.nextTick(() => done(null, [{ address: '127.0.0.1', family: 4 }]))
  } else {
    process.nextTick(() => done(null, '127.0.0.1', 4))
  }
}
