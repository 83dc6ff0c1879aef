import app from '@adonisjs/core/services/app'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** The name under which start/kernel.ts registers the large-body parser. */
export const LARGE_JSON_BODY = 'largeJsonBody'

/**
 * The body parser of every route (config/bodyparser.ts), except routes that
 * parse a large JSON body themselves with `largeJsonBody` (schedule's import):
 * those are left for it, so their body is read only after their guards let
 * the caller in, and nobody signed out can make the server buffer it.
 *
 * Empty strings in a JSON body become null here, in one pass over the parsed
 * body, not in the parser: its reviver calls back into JavaScript for every
 * value, which made a 1 MB array from anyone, signed in or not, cost half a
 * second of CPU (fifty times this pass).
 */
/** One parser for the process: it holds only the configuration, and making it is not free. */
let parser: Promise<BodyParserMiddleware> | null = null

export default class BodyParserUnlessOwnLimitMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (ctx.route && parsesOwnBody(ctx.route.middleware.all())) {
      return next()
    }
    parser ??= app.container.make(BodyParserMiddleware)
    return parseBody(await parser, ctx, () => {
      if (ctx.request.bodyType === 'json') {
        ctx.request.updateBody(emptyStringsToNull(ctx.request.body()))
      }
      return next()
    })
  }
}

/**
 * Runs `bodyParser` for this request, then `next`. The parser keeps a deep copy
 * of the body, and a body nested thousands deep overflows the stack there:
 * that is the caller's 400, not a 500.
 */
export async function parseBody(bodyParser: BodyParserMiddleware, ctx: HttpContext, next: NextFn) {
  let parsed = false
  try {
    return await bodyParser.handle(ctx, () => {
      parsed = true
      return next()
    })
  } catch (error) {
    if (!parsed && error instanceof RangeError) {
      throw new Exception('The request body is nested too deeply', { status: 400 })
    }
    throw error
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

/** Replaces every empty string in a parsed JSON body by null, without recursion. */
export function emptyStringsToNull<T>(body: T): T {
  const pending: unknown[] = [body]
  while (pending.length > 0) {
    const value = pending.pop()
    if (value === null || typeof value !== 'object') {
      continue
    }
    const record = value as Record<string, unknown>
    const keys: Iterable<string | number> = Array.isArray(value)
      ? value.keys()
      : Object.keys(record)
    for (const key of keys) {
      const item = record[key]
      if (item === '') {
        record[key] = null
      } else if (item !== null && typeof item === 'object') {
        pending.push(item)
      }
    }
  }
  return body
}
