import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import encryption from '@adonisjs/core/services/encryption'
import ShieldMiddleware from '@adonisjs/shield/shield_middleware'
import edge from 'edge.js'
import { responseHeaders } from '#config/shield'

/** The four response headers every spec requires, on every response. */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'X-XSS-Protection': '1; mode=block',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const

/*
 * Shield's CSP guard (a nonce per response, shared with the views as
 * `cspNonce`) and its HSTS guard; its CSRF guard stays off here, since it
 * needs the session of a stateful route.
 */
const guards = new ShieldMiddleware(responseHeaders, encryption.use(), edge)

export default class SecurityHeadersMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      ctx.response.header(name, value)
    }
    return guards.handle(ctx, next)
  }
}
