import type { HttpContext } from '@adonisjs/core/http'

/**
 * What a person typed into a plain HTML form that the server refused, so the
 * page shows it again. The session flashes the refused request's fields
 * (never a password: `flashOnly` in the controllers, and the session's
 * validation error handler leaves passwords out) for the next page; a request
 * answered directly (429) still has its own input.
 */
export function keptInput<Field extends string>(
  ctx: HttpContext,
  fields: readonly Field[]
): Record<Field, string> {
  const kept = {} as Record<Field, string>
  for (const field of fields) {
    const value =
      ctx.request.method() === 'POST'
        ? ctx.request.input(field)
        : ctx.session.flashMessages.get(field)
    kept[field] = typeof value === 'string' ? value : ''
  }
  return kept
}
