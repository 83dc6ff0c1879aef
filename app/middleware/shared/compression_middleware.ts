import compression from 'compression'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/*
 * The specs say responses are compressed. The `compression` package works on
 * Node's own request and response objects, which AdonisJS writes through, so
 * it compresses whatever the app sends (JSON, pages, streams) above 1 KB.
 */
const compress = compression()

export default class CompressionMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await new Promise<void>((resolve, reject) => {
      compress(ctx.request.request as never, ctx.response.response as never, (error?: unknown) =>
        error ? reject(error) : resolve()
      )
    })
    return next()
  }
}
