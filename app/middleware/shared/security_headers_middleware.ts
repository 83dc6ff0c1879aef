import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** The four response headers every spec requires, on every response. */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'X-XSS-Protection': '1; mode=block',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const

export default class SecurityHeadersMiddleware {
  handle({ response }: HttpContext, next: NextFn) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      response.header(name, value)
    }
    return next()
  }
}
