import app from '@adonisjs/core/services/app'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** The name under which start/kernel.ts registers the large-body parser. */
export const LARGE_JSON_BODY = 'largeJsonBody'

/**
 * The body parser of every route (config/bodyparser.ts), except routes that
 * parse a large JSON body themselves with `largeJsonBody` (schedule's import):
 * those are left for it, so their body is read only after their guards let
 * the caller in, and nobody signed out can make the server buffer it.
 */
export default class BodyParserUnlessOwnLimitMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const parsesOwnBody = ctx.route
      ? [...ctx.route.middleware.all()].some(
          (middleware) => 'name' in middleware && middleware.name === LARGE_JSON_BODY
        )
      : false
    if (parsesOwnBody) {
      return next()
    }
    const parser = await app.container.make(BodyParserMiddleware)
    return parser.handle(ctx, next)
  }
}
