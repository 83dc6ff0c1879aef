import { randomBytes } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import encryption from '@adonisjs/core/services/encryption'
import ShieldMiddleware from '@adonisjs/shield/shield_middleware'
import edge from 'edge.js'
import { contentSecurityPolicy, responseHeaders } from '#config/shield'
import { compilePolicy } from '#services/shared/content_security_policy'

/** The four response headers every spec requires, on every response. */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'X-XSS-Protection': '1; mode=block',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const

const policy = compilePolicy(contentSecurityPolicy)

/** Shield's HSTS guard (config/shield.ts says why its other guards are not here). */
const guards = new ShieldMiddleware(responseHeaders, encryption.use(), edge)

/**
 * Every response's security headers, 404s and JSON included: the four of
 * the specs, the Content-Security-Policy with a nonce of its own (views get
 * it as `cspNonce`, start/view.ts) and, in production, HSTS.
 */
export default class SecurityHeadersMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      ctx.response.header(name, value)
    }
    ctx.response.nonce = randomBytes(16).toString('base64url')
    ctx.response.header('Content-Security-Policy', policy(ctx.request.request, ctx.response.nonce))
    return guards.handle(ctx, next)
  }
}
