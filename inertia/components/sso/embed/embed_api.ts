import { ApiError, errorMessage, fieldErrors, type FieldErrors } from '~/components/shared/api'

/**
 * JSON calls of the widget. They carry the embed token as a Bearer header
 * and no cookies: in a third-party frame sso's session cookie is not sent,
 * and the widget must not depend on it.
 */
export function embedApi(token: string) {
  return async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await fetch(url, {
      method,
      credentials: 'omit',
      headers: {
        'accept': 'application/json',
        'content-type': 'application/json',
        'authorization': `Bearer ${token}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>
    if (!response.ok) {
      throw new ApiError(response.status, data)
    }
    return data as T
  }
}

export type EmbedCall = ReturnType<typeof embedApi>

/** Why a call failed, as the person should read it. */
export function failureMessage(error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    return 'This widget has expired. Reload the page to continue.'
  }
  if (error instanceof ApiError && error.status === 429) {
    return 'Too many attempts. Please wait a few minutes and try again.'
  }
  return errorMessage(error)
}

/** Field errors of a 422; anything else as one message the person can act on. */
export function widgetErrors(error: unknown): FieldErrors {
  return error instanceof ApiError && error.status === 422
    ? fieldErrors(error)
    : { form: failureMessage(error) }
}
