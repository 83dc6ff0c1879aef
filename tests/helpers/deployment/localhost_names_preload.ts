/*
 * Loaded into the rehearsal's app processes with NODE_OPTIONS=--import (Node
 * strips the types itself): their requests to sso (https://sso.localhost:…,
 * through Caddy) resolve *.localhost to loopback, as DNS resolves the real
 * names in production. See localhost_names.ts.
 */
import dns from 'node:dns'
import { lookupLocalhostNames } from './localhost_names.ts'

dns.lookup = ((hostname: string, options: never, callback: never) =>
  lookupLocalhostNames(hostname, options, callback)) as typeof dns.lookup
