import app from '@adonisjs/core/services/app'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { appProfile } from '#config/app'

/**
 * One handler for the three apps. JSON callers get the body shape their app's
 * spec documents ({ error } in transfer, { message } in sso and schedule);
 * browsers get an error page. Server errors never leak their message.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  async handle(error: unknown, ctx: HttpContext) {
    if (!wantsJson(ctx)) {
      if (error instanceof vineErrors.E_VALIDATION_ERROR) {
        return super.handle(error, ctx)
      }
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
        return error.handle(error, ctx)
      }
      const { status, message } = describe(error)
      if (status >= 500 && this.debug) {
        return super.handle(error, ctx)
      }
      return ctx.response
        .status(status)
        .send(await ctx.view.render('errors/page', { status, message, app: appProfile }))
    }

    const key = appProfile.errorKey
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      return ctx.response.status(422).send({ [key]: 'Validation failed', errors: error.messages })
    }
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      for (const [name, value] of Object.entries(error.getDefaultHeaders())) {
        ctx.response.header(name, value)
      }
      return ctx.response.status(429).send({ [key]: 'Too many requests, please try again later' })
    }
    const { status, message } = describe(error)
    for (const [name, value] of Object.entries(headersOf(error))) {
      ctx.response.header(name, value)
    }
    return ctx.response.status(status).send({ [key]: message })
  }

  async report(error: unknown, ctx: HttpContext) {
    return super.report(error, ctx)
  }
}

function wantsJson(ctx: HttpContext) {
  if (ctx.request.header('x-inertia')) {
    return false
  }
  return ctx.request.url().startsWith('/api/') || ctx.request.accepts(['html', 'json']) === 'json'
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request too large',
}

/*
 * The http-errors convention: an error with `expose: true` carries a message
 * meant for the caller even as a 5xx (an outside service that is down or
 * refuses our key, said so an admin can act), and `headers` to answer with
 * (Retry-After).
 */
type ExposableError = { expose?: boolean; headers?: Record<string, string> }

function headersOf(error: unknown): Record<string, string> {
  const exposable = error as ExposableError | null
  return (exposable?.expose === true && exposable.headers) || {}
}

/*
 * FlyDrive's refusals of a file key (characters it does not allow, `..`, an
 * empty key): the key came from the URL, and names no file.
 */
const REFUSED_FILE_KEYS = new Set([
  'E_UNALLOWED_CHARACTERS',
  'E_PATH_TRAVERSAL_DETECTED',
  'E_INVALID_KEY',
])

function describe(error: unknown): { status: number; message: string } {
  if (REFUSED_FILE_KEYS.has((error as { code?: string } | null)?.code ?? '')) {
    return { status: 404, message: 'Not found' }
  }
  const status =
    typeof error === 'object' && error !== null && 'status' in error && Number(error.status) >= 400
      ? Number(error.status)
      : 500
  if (status >= 500 && (error as ExposableError | null)?.expose !== true) {
    return { status, message: 'Internal server error' }
  }
  if ((error as { code?: string }).code === 'E_ROUTE_NOT_FOUND') {
    return { status, message: 'Not found' }
  }
  if ((error as { code?: string }).code === 'E_BAD_CSRF_TOKEN') {
    return { status, message: 'Invalid or missing CSRF token' }
  }
  const message = (error as { message?: string }).message
  return { status, message: message || STATUS_MESSAGES[status] || 'Request failed' }
}
