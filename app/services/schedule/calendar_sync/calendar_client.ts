import { setTimeout as sleep } from 'node:timers/promises'
import { auth, calendar, type calendar_v3 } from '@googleapis/calendar'

/**
 * schedule's calendar sync talks to Google Calendar API v3 through the real
 * `@googleapis/calendar` client, signed in as a service account
 * (CALENDAR_SERVICE_KEY, the JSON key file). The client signs its own
 * access token with the key (`useJWTAccessWithScope`), so no call goes to
 * Google's token endpoint and the root URL alone points it at a proxy or, in
 * tests, at the loopback fake (CALENDAR_API_URL). Every failure becomes a
 * CalendarApiError that says whether trying again later can help.
 */

export const CALENDAR_DEFAULT_ROOT_URL = 'https://www.googleapis.com/'
const SCOPE = 'https://www.googleapis.com/auth/calendar'

/** What an event of the sync carries; ids are chosen by the sync. */
export type CalendarEvent = Pick<
  calendar_v3.Schema$Event,
  'summary' | 'description' | 'location' | 'start' | 'end' | 'extendedProperties' | 'status'
>

export type CalendarFailureKind =
  | 'key'
  | 'not_found'
  | 'duplicate'
  | 'gone'
  | 'forbidden'
  | 'rate_limited'
  | 'server'
  | 'unreachable'
  | 'invalid'

export class CalendarApiError extends Error {
  constructor(
    message: string,
    readonly kind: CalendarFailureKind,
    readonly status: number | null,
    /** Google's reason (`rateLimitExceeded`, `duplicate`…), when it gave one. */
    readonly reason: string | null,
    options?: ErrorOptions
  ) {
    super(message, options)
  }

  /** Rate limits, server errors and no answer: the same request may work later. */
  get transient() {
    return this.kind === 'rate_limited' || this.kind === 'server' || this.kind === 'unreachable'
  }
}

export class CalendarNotConfiguredError extends Error {
  constructor() {
    super(
      'Calendar sync is not configured: set CALENDAR_SERVICE_KEY to the JSON key of a Google service account'
    )
  }
}

export interface CalendarClientOptions {
  /** The service account's JSON key file (or that JSON in base64). */
  serviceKey?: string
  /** Google's API host by default; a proxy, or a loopback fake in tests. */
  rootUrl?: string
  timeoutMs?: number
  /**
   * Attempts of one request when Google says to slow down or fails (rate
   * limits, 5xx, no answer), waiting `retryBaseMs` doubling in between. The
   * client itself retries no POST, and reports rate limits as 403 too.
   */
  attempts?: number
  retryBaseMs?: number
}

interface ServiceAccount {
  client_email: string
  private_key: string
  private_key_id?: string
}

/** Google's error body: `{ error: { code, message, errors: [{ reason, domain }] } }`. */
interface GoogleErrorBody {
  error?: { code?: number; message?: string; errors?: { reason?: string; message?: string }[] }
}

export class CalendarClient {
  readonly rootUrl: string
  /** Why CALENDAR_SERVICE_KEY cannot be used, when it is set but not a service-account key. */
  readonly keyProblem: string | null
  readonly serviceAccountEmail: string | null
  #api: calendar_v3.Calendar | null = null
  #attempts: number
  #retryBaseMs: number

  constructor(options: CalendarClientOptions = {}) {
    // With a trailing slash, a proxy's path prefix is kept when the SDK adds `calendar/v3/…`.
    this.rootUrl = new URL(options.rootUrl ?? CALENDAR_DEFAULT_ROOT_URL).href.replace(/\/*$/, '/')
    this.#attempts = options.attempts ?? 4
    this.#retryBaseMs = options.retryBaseMs ?? 1000
    const parsed = options.serviceKey ? parseServiceKey(options.serviceKey) : null
    this.keyProblem = parsed && 'problem' in parsed ? parsed.problem : null
    this.serviceAccountEmail = parsed && 'key' in parsed ? parsed.key.client_email : null
    if (parsed && 'key' in parsed) {
      const jwt = new auth.JWT({
        email: parsed.key.client_email,
        key: parsed.key.private_key,
        keyId: parsed.key.private_key_id,
        scopes: [SCOPE],
      })
      // A property, not a constructor option: the client then signs its own token.
      jwt.useJWTAccessWithScope = true
      this.#api = calendar({
        version: 'v3',
        auth: jwt,
        rootUrl: this.rootUrl,
        timeout: options.timeoutMs ?? 15_000,
        // Retries are ours (below): the same rules for every method and for 403 rate limits.
        retry: false,
      })
    }
  }

  /** A usable key is set. */
  get configured() {
    return this.#api !== null
  }

  /** The calendar's name, which also proves the service account can see it. */
  async calendarName(calendarId: string) {
    const response = await this.#call(`calendar ${calendarId}`, (api) =>
      api.calendars.get({ calendarId })
    )
    return response.data.summary ?? calendarId
  }

  async insertEvent(calendarId: string, eventId: string, event: CalendarEvent) {
    await this.#call(`event ${eventId}`, (api) =>
      api.events.insert({ calendarId, requestBody: { ...event, id: eventId } })
    )
  }

  /** Replaces the event; a deleted one comes back with `status: 'confirmed'`. */
  async updateEvent(calendarId: string, eventId: string, event: CalendarEvent) {
    await this.#call(`event ${eventId}`, (api) =>
      api.events.update({ calendarId, eventId, requestBody: event })
    )
  }

  /** Deletes the event; one already gone (deleted, or never made) counts as deleted. */
  async deleteEvent(calendarId: string, eventId: string) {
    try {
      await this.#call(`event ${eventId}`, (api) => api.events.delete({ calendarId, eventId }))
    } catch (error) {
      if (
        error instanceof CalendarApiError &&
        (error.kind === 'gone' || error.kind === 'not_found')
      ) {
        return
      }
      throw error
    }
  }

  /** Live events carrying this private property (the sync marks its own), every page. */
  async eventsMarked(calendarId: string, property: string, value: string) {
    const found: calendar_v3.Schema$Event[] = []
    let pageToken: string | undefined
    do {
      const response = await this.#call(`events of ${calendarId}`, (api) =>
        api.events.list({
          calendarId,
          privateExtendedProperty: [`${property}=${value}`],
          maxResults: 2500,
          pageToken,
        })
      )
      found.push(...(response.data.items ?? []))
      pageToken = response.data.nextPageToken ?? undefined
    } while (pageToken)
    return found
  }

  async #call<T>(what: string, request: (api: calendar_v3.Calendar) => Promise<T>): Promise<T> {
    if (!this.#api) {
      throw new CalendarNotConfiguredError()
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await request(this.#api)
      } catch (error) {
        const failure = this.#failure(what, error)
        if (!failure.transient || attempt >= this.#attempts) {
          throw failure
        }
        await sleep(this.#retryBaseMs * 2 ** (attempt - 1) * (1 + Math.random() / 2))
      }
    }
  }

  #failure(what: string, error: unknown): CalendarApiError {
    const gaxios = error as {
      status?: number
      code?: string | number
      response?: { status?: number; data?: unknown }
      message?: string
    }
    const status = gaxios.response?.status ?? gaxios.status ?? null
    if (status === null) {
      const code = typeof gaxios.code === 'string' ? gaxios.code : ''
      if (/private key|PEM|asn1|DECODER/i.test(gaxios.message ?? '')) {
        return new CalendarApiError(
          'CALENDAR_SERVICE_KEY holds no usable private key: download a new JSON key for the service account',
          'key',
          null,
          null,
          { cause: error }
        )
      }
      return new CalendarApiError(
        `The calendar service at ${this.rootUrl} could not be reached${code ? ` (${code})` : ''}`,
        'unreachable',
        null,
        null,
        { cause: error }
      )
    }
    const body = (gaxios.response?.data ?? {}) as GoogleErrorBody
    const reason = body.error?.errors?.find((item) => item.reason)?.reason ?? null
    const said = body.error?.message ?? `HTTP ${status}`
    const make = (message: string, kind: CalendarFailureKind) =>
      new CalendarApiError(message, kind, status, reason, { cause: error })
    if (
      status === 429 ||
      (status === 403 && reason !== null && /RateLimitExceeded$|^quotaExceeded$/i.test(reason))
    ) {
      return make(`Google Calendar asked to slow down (${reason ?? status})`, 'rate_limited')
    }
    if (status >= 500) {
      return make(`Google Calendar failed (${status}: ${said})`, 'server')
    }
    if (status === 401) {
      return make(
        `Google Calendar refused the service-account key (${said}): check CALENDAR_SERVICE_KEY`,
        'key'
      )
    }
    if (status === 404) {
      return make(`Google Calendar knows no ${what} this service account can see`, 'not_found')
    }
    if (status === 410) {
      return make(`The ${what} was deleted already`, 'gone')
    }
    if (status === 409) {
      return make(`The ${what} exists already`, 'duplicate')
    }
    if (status === 403) {
      return make(`Google Calendar refused to change the ${what} (${reason ?? said})`, 'forbidden')
    }
    return make(`Google Calendar refused the ${what} (${status}: ${said})`, 'invalid')
  }
}

/** The key file's JSON (or that JSON in base64), or what is wrong with it. */
function parseServiceKey(value: string): { key: ServiceAccount } | { problem: string } {
  const text = value.trim().startsWith('{')
    ? value
    : Buffer.from(value.trim(), 'base64').toString('utf8')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { problem: 'CALENDAR_SERVICE_KEY is not JSON (nor JSON in base64)' }
  }
  const key = parsed as Partial<ServiceAccount> | null
  if (typeof key?.client_email !== 'string' || typeof key.private_key !== 'string') {
    return {
      problem:
        'CALENDAR_SERVICE_KEY is not a service-account key: it needs client_email and private_key (the JSON key file of the service account)',
    }
  }
  return { key: key as ServiceAccount }
}

/** The client this process's environment describes (CALENDAR_SERVICE_KEY, CALENDAR_API_URL). */
export async function configuredCalendarClient() {
  const { default: env } = await import('#start/env')
  return new CalendarClient({
    serviceKey: env.get('CALENDAR_SERVICE_KEY')?.release(),
    rootUrl: env.get('CALENDAR_API_URL'),
  })
}
