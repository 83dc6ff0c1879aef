import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Runs just before shield's CSRF check. Shield reads the token with
 * `request.input('_csrf')`, which merges the query string over the body, so a
 * token in a URL would pass (and URLs end up in logs, history and Referer
 * headers). Dropping `_csrf` from the query string leaves the two sources the
 * pages use: the X-CSRF-TOKEN header and a form body's `_csrf` field.
 */
export default class CsrfTokenSourceMiddleware {
  handle({ request }: HttpContext, next: NextFn) {
    const query = request.qs()
    if ('_csrf' in query) {
      request.updateQs(
        Object.fromEntries(Object.entries(query).filter(([name]) => name !== '_csrf'))
      )
    }
    return next()
  }
}
