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
