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
/** One parser for the process: it holds only the configuration, and making it is not free. */
let parser: Promise<BodyParserMiddleware> | null = null

export default class BodyParserUnlessOwnLimitMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (ctx.route && parsesOwnBody(ctx.route.middleware.all())) {
      return next()
    }
    parser ??= app.container.make(BodyParserMiddleware)
    const ready = await parser
    return ready.handle(ctx, next)
  }
}

function parsesOwnBody(middleware: Iterable<unknown>) {
  for (const entry of middleware) {
    if (typeof entry === 'object' && entry !== null && 'name' in entry) {
      if (entry.name === LARGE_JSON_BODY) return true
    }
  }
  return false
}
