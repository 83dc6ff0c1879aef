import { useCallback, useRef, useState } from 'react'

/*
 * The one way pages call their app's JSON API after the first render (saves,
 * drags, searches); first data arrives as Inertia props. The CSRF token comes
 * from the page's meta tag and goes back in X-CSRF-TOKEN (see config/shield.ts
 * for why no XSRF-TOKEN cookie is used).
 *
 * One error format for the three apps: transfer answers `{ error }`, schedule
 * and sso `{ message }`, a validation failure `{ errors: [{ field, message }] }`;
 * ApiError reads all of them into `message` (one sentence for a person) and
 * `fields` (the first message per top-level field).
 */

export type FieldErrors = Record<string, string>

export class ApiError extends Error {
  readonly fields: FieldErrors

  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>
  ) {
    super(String(body.error ?? body.message ?? `Request failed (${status})`))
    this.fields = fieldsOf(body)
  }

  /** The first field error of a validation failure, if there is one. */
  get firstFieldError(): string | null {
    return Object.values(this.fields)[0] ?? null
  }
}

function fieldsOf(body: Record<string, unknown>): FieldErrors {
  const found: FieldErrors = {}
  if (Array.isArray(body.errors)) {
    for (const entry of body.errors as { field?: unknown; message?: unknown }[]) {
      if (typeof entry?.field === 'string' && typeof entry.message === 'string') {
        found[entry.field.split('.')[0]] ??= entry.message
      }
    }
  }
  return found
}

export function csrfToken() {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * One request, JSON (or FormData, for files: multipart/form-data); resolves
 * to the answer's body, rejects with ApiError.
 */
export async function api<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const multipart = body instanceof FormData
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: {
      'accept': 'application/json',
      // The browser sets multipart's content type itself, with its boundary.
      ...(multipart ? {} : { 'content-type': 'application/json' }),
      'x-csrf-token': csrfToken(),
    },
    body: multipart ? body : body === undefined ? undefined : JSON.stringify(body),
  })
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok) {
    throw new ApiError(response.status, data)
  }
  return data as T
}

/**
 * One sentence for a toast or a form: the API's message, or the first field
 * error of a validation failure (the bare "Validation failed" says too little).
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) {
    return error.status === 422 ? (error.firstFieldError ?? error.message) : error.message
  }
  if (error instanceof TypeError) {
    return 'The server could not be reached. Check your connection and try again.'
  }
  return error instanceof Error ? error.message : fallback
}

/**
 * What went wrong, by field: a 422's field errors under their field names,
 * anything else under `form`.
 */
export function fieldErrors(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.status === 422 && Object.keys(error.fields).length > 0) {
    return error.fields
  }
  return { form: errorMessage(error) }
}

export type ApiCall = {
  /** Sends one request; resolves to the answer, or to undefined when it failed (see `error`). */
  send: <T>(method: Method, url: string, body?: unknown) => Promise<T | undefined>
  /** A request is on its way. */
  pending: boolean
  /** The last failure, for the person: `message` and per-field `fields`. */
  error: ApiError | null
  /** The last failure as one sentence (network failures included), or null. */
  errorText: string | null
  clearError: () => void
}

/**
 * The typed client hook: `const save = useApi()`, then
 * `const project = await save.send<Data.Schedule.Project>('PUT', url, body)`.
 * Failures do not throw; they land in `error` and `errorText`, and the
 * promise resolves to undefined so a caller can roll back an optimistic change.
 */
export function useApi(): ApiCall {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [errorText, setErrorText] = useState<string | null>(null)
  const inFlight = useRef(0)

  const send = useCallback(async <T>(method: Method, url: string, body?: unknown) => {
    inFlight.current++
    setPending(true)
    try {
      const answer = await api<T>(method, url, body)
      setError(null)
      setErrorText(null)
      return answer
    } catch (failure) {
      setError(failure instanceof ApiError ? failure : null)
      setErrorText(errorMessage(failure))
      return undefined
    } finally {
      inFlight.current--
      if (inFlight.current === 0) setPending(false)
    }
  }, [])

  const clearError = useCallback(() => {
    setError(null)
    setErrorText(null)
  }, [])

  return { send, pending, error, errorText, clearError }
}

/**
 * One JSON request whose body is already JSON text (a large file sent as
 * it is, without parsing and writing it again), reporting how much of the
 * body has gone: fetch cannot report upload progress, XMLHttpRequest can.
 * `onUploadProgress` gets the fraction sent, from 0 to 1.
 */
export function sendJsonWithProgress<T>(
  method: Method,
  url: string,
  jsonText: string,
  onUploadProgress: (fraction: number) => void
): Promise<T> {
  return sendWithProgress(method, url, jsonText, 'application/json', onUploadProgress)
}

/** Files as multipart/form-data, reporting how much has gone (see sendJsonWithProgress). */
export function sendFormWithProgress<T>(
  method: Method,
  url: string,
  form: FormData,
  onUploadProgress: (fraction: number) => void
): Promise<T> {
  // The browser sets multipart's content type itself, with its boundary.
  return sendWithProgress(method, url, form, null, onUploadProgress)
}

function sendWithProgress<T>(
  method: Method,
  url: string,
  body: string | FormData,
  contentType: string | null,
  onUploadProgress: (fraction: number) => void
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(method, url)
    request.withCredentials = true
    request.setRequestHeader('accept', 'application/json')
    if (contentType) request.setRequestHeader('content-type', contentType)
    request.setRequestHeader('x-csrf-token', csrfToken())
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onUploadProgress(event.loaded / event.total)
    })
    request.addEventListener('load', () => {
      let data: Record<string, unknown> = {}
      try {
        data = JSON.parse(request.responseText) as Record<string, unknown>
      } catch {
        // Not JSON (a proxy's error page): the status says enough.
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(data as T)
      } else {
        reject(new ApiError(request.status, data))
      }
    })
    request.addEventListener('error', () => reject(new TypeError('Network request failed')))
    request.send(body)
  })
}
