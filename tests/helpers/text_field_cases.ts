import type { ApiClient } from '@japa/api-client'

/** A signed-in session's values, as `withSession` takes them. */
export type Session = Record<string, string | number>

export type Send = (
  client: ApiClient,
  session: Session,
  value: string
) => ReturnType<ApiClient['get']>

export const NUL = '\u0000'

/**
 * One text field of one JSON route, with the body around it valid, so that
 * only the field's value decides the answer.
 */
export function jsonCase(
  method: 'post' | 'patch' | 'put',
  url: string,
  body: object,
  field: string
) {
  const send: Send = (client, session, value) =>
    client[method](url)
      .json({ ...body, [field]: value })
      .withSession(session)
      .withCsrfToken()
  return { route: `${method.toUpperCase()} ${url}`, field, send }
}
