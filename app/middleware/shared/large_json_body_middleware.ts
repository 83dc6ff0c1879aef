import app from '@adonisjs/core/services/app'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import bodyParserConfig from '#config/bodyparser'
import { parseBody } from '#middleware/shared/body_parser_middleware'

const parsers = new Map<string, BodyParserMiddleware>()

/**
 * Parses one route's JSON body with its own size limit (`limit: '50mb'`),
 * after the route's guards (see body_parser_middleware.ts). Empty strings
 * stay empty strings: the body is a document to store as it is, and a
 * checksum covers it.
 */
export default class LargeJsonBodyMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { limit: string }) {
    let parser = parsers.get(options.limit)
    if (!parser) {
      parser = new BodyParserMiddleware(
        {
          ...bodyParserConfig,
          json: {
            ...bodyParserConfig.json,
            limit: options.limit,
            convertEmptyStringsToNull: false,
          },
        },
        app.experimentalFlags
      )
      parsers.set(options.limit, parser)
    }
    return parseBody(parser, ctx, next)
  }
}
