import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { appProfile, appUrl } from '#config/app'

/**
 * Refuses requests that a browser marks as sent from another origin: a
 * `Sec-Fetch-Site` other than `same-origin` (the three apps share one site in
 * development, so `same-site` is refused too), or an `Origin` that is not
 * this app's. Such a request is never one of the app's own pages. Clients
 * that send neither header (plain HTTP clients) pass on to the route, whose
 * own checks then answer them.
 */
export default class SameOriginOnlyMiddleware {
  handle({ request, response }: HttpContext, next: NextFn) {
    const site = request.header('sec-fetch-site')
    const origin = request.header('origin')
    const ownOrigins = [`${request.protocol()}://${request.host()}`, new URL(appUrl).origin]
    if ((site && site !== 'same-origin') || (origin && !ownOrigins.includes(origin))) {
      return response
        .status(403)
        .send({ [appProfile.errorKey]: 'Cross-site requests are not accepted here' })
    }
    return next()
  }
}
