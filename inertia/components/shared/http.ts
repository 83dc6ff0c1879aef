/**
 * JSON requests to the app's own API. The CSRF token comes from the page's
 * meta tag and goes back in X-CSRF-TOKEN (see config/shield.ts for why no
 * XSRF-TOKEN cookie is used).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>
  ) {
    super(String(body.error ?? body.message ?? `Request failed (${status})`))
  }
}

function csrfToken() {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
}

export async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: {
      'accept': 'application/json',
      'content-type': 'application/json',
      'x-csrf-token': csrfToken(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok) {
    throw new ApiError(response.status, data)
  }
  return data as T
}

/** Reads and removes a query parameter, so a one-time code does not linger in the address bar. */
export function takeQueryParam(name: string) {
  const url = new URL(window.location.href)
  const value = url.searchParams.get(name)
  if (value !== null) {
    url.searchParams.delete(name)
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
  }
  return value
}
