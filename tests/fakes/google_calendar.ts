import { createPublicKey, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { parseJson, readGoogleRequest, type ReceivedRequest } from '#tests/fakes/_google_requests'

/**
 * Google Calendar API v3 on loopback: the part schedule's calendar sync uses
 * (calendars.get, calendarList, events insert/get/update/patch/delete/list),
 * answering like Google does, refusals included: the same statuses and
 * `{ error: { code, message, errors: [{ domain, reason, message }], status } }`
 * bodies. Authentication comes first: the client signs its own access token
 * with the service account's private key (a self-signed JWT, as
 * `useJWTAccessWithScope` makes google-auth-library do), and the fake checks
 * that signature against the public half of the keys it issued, its issuer,
 * scope and lifetime, so a wrong key is refused as Google would refuse it.
 * A calendar the service account was not given is a 404, as at Google; an
 * event id once used stays taken after deletion (409 on insert). See
 * tests/fakes/README.md.
 */

export type { ReceivedRequest }

/** A service-account key file as Google's console downloads it. */
export interface ServiceAccountKey {
  type: 'service_account'
  project_id: string
  private_key_id: string
  private_key: string
  client_email: string
  client_id: string
  auth_uri: string
  token_uri: string
}

/** What a service account may do with a calendar (none: it cannot see it). */
export type CalendarAccess = 'owner' | 'writer' | 'reader'

export interface FakeCalendar {
  id: string
  summary: string
  timeZone: string
  /** Access per service-account email; an account not listed cannot see the calendar (404). */
  access: Record<string, CalendarAccess>
}

export interface FakeEvent {
  id: string
  status: 'confirmed' | 'tentative' | 'cancelled'
  summary?: string
  description?: string
  location?: string
  start: { date?: string; dateTime?: string; timeZone?: string }
  end: { date?: string; dateTime?: string; timeZone?: string }
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> }
  sequence: number
  etag: string
  created: string
  updated: string
  [field: string]: unknown
}

/**
 * What a request gets instead of its answer: Google's rate limits (403
 * `rateLimitExceeded` or `userRateLimitExceeded`, or 429), a refusal of one
 * event (403 `forbidden`), a server error, or no answer until the client
 * gives up.
 */
export type CalendarFailure =
  | { status: 403; reason: 'rateLimitExceeded' | 'userRateLimitExceeded' | 'forbidden' }
  | { status: 429 }
  | { status: 500 | 502 | 503 }
  | 'hang'

export interface GoogleCalendarFake {
  url: string
  /** The key of the service account the fake knows, shared on the calendars below. */
  serviceAccountKey: ServiceAccountKey
  /** The calendar shared with that account (writer). */
  calendarId: string
  /** The environment of a schedule process that should use this fake. */
  env: { CALENDAR_API_URL: string; CALENDAR_SERVICE_KEY: string }
  /** Every request, in order, refused ones included. */
  received: ReceivedRequest[]
  /** The next request (matching `match`, when given) gets this failure. */
  failNext(failure: CalendarFailure, match?: (request: ReceivedRequest) => boolean): void
  addCalendar(calendar: Omit<FakeCalendar, 'access'> & { access?: FakeCalendar['access'] }): void
  /** Every event of a calendar, deleted ones (status cancelled) included. */
  events(calendarId?: string): FakeEvent[]
  /** The events people see: not cancelled. */
  liveEvents(calendarId?: string): FakeEvent[]
  /** Forgets requests, failures, events and added calendars (between tests). */
  reset(): void
  close(): Promise<void>
}

const CALENDAR_SCOPES = new Set([
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/calendar.events',
])
const READ_SCOPES = new Set([
  ...CALENDAR_SCOPES,
  'https://www.googleapis.com/auth/calendar.readonly',
  'https://www.googleapis.com/auth/calendar.events.readonly',
])
/** Google's event ids: base32hex characters (a–v, 0–9), 5 to 1024 of them. */
const EVENT_ID = /^[a-v0-9]{5,1024}$/
const DEFAULT_PAGE_SIZE = 250
const MAX_PAGE_SIZE = 2500
/** Self-signed tokens live an hour; Google allows a little clock skew. */
const MAX_TOKEN_SECONDS = 3600
const SKEW_SECONDS = 300
const WRITABLE_EVENT_FIELDS = new Set([
  'id',
  'status',
  'summary',
  'description',
  'location',
  'start',
  'end',
  'extendedProperties',
  'transparency',
  'visibility',
  'colorId',
  'source',
  'reminders',
  'sequence',
])

class GoogleError {
  constructor(
    readonly code: number,
    readonly message: string,
    readonly reason: string,
    readonly domain = 'global',
    readonly extra: Record<string, string> = {}
  ) {}

  get body() {
    const status = STATUS_NAMES[this.code]
    return {
      error: {
        code: this.code,
        message: this.message,
        errors: [
          { message: this.message, domain: this.domain, reason: this.reason, ...this.extra },
        ],
        ...(status ? { status } : {}),
      },
    }
  }
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
}

const notFound = () => new GoogleError(404, 'Not Found', 'notFound')
const badRequest = (message: string, reason = 'invalid') => new GoogleError(400, message, reason)

/**
 * A new service-account key pair, as Google's console hands it out. The
 * fake accepts tokens signed with keys it made itself (`startGoogleCalendarFake`
 * makes one); tests make another to stand for a wrong or revoked key.
 */
export function makeServiceAccountKey(
  clientEmail = 'schedule-sync@harbour-lights.iam.gserviceaccount.com'
): ServiceAccountKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    type: 'service_account',
    project_id: clientEmail.split('@')[1]?.split('.')[0] ?? 'project',
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    client_id: String(100_000_000_000_000_000_000n + BigInt(randomBytes(4).readUInt32BE())),
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
  }
}

export async function startGoogleCalendarFake(
  options: { port?: number } = {}
): Promise<GoogleCalendarFake> {
  const serviceAccountKey = makeServiceAccountKey()
  const account = serviceAccountKey.client_email
  /** The public halves of the keys Google issued, by key id. */
  const publicKeys = new Map([
    [
      serviceAccountKey.private_key_id,
      { email: account, key: createPublicKey(serviceAccountKey.private_key) },
    ],
  ])
  const calendarId = 'c_production0calendar@group.calendar.google.com'
  const initialCalendars = (): FakeCalendar[] => [
    {
      id: calendarId,
      summary: 'Harbour Lights Productions',
      timeZone: 'Europe/London',
      access: { [account]: 'writer' },
    },
  ]
  let calendars = new Map(initialCalendars().map((calendar) => [calendar.id, calendar]))
  /** Events by calendar id, then event id; deleted ones stay with status cancelled. */
  let events = new Map<string, Map<string, FakeEvent>>()
  const received: ReceivedRequest[] = []
  let failures: { failure: CalendarFailure; match?: (request: ReceivedRequest) => boolean }[] = []
  let nextEtag = 1

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const { entry } = await readGoogleRequest(request)
    received.push(entry)

    const index = failures.findIndex((candidate) => !candidate.match || candidate.match(entry))
    const failure = index >= 0 ? failures.splice(index, 1)[0].failure : undefined
    if (failure === 'hang') {
      // Answer nothing; the connection ends when the client gives up or at close().
      return
    }
    try {
      const route = routeOf(entry)
      if (!route) {
        // Google answers an unknown path with an HTML page, not JSON.
        response.writeHead(404, { 'content-type': 'text/html; charset=UTF-8' })
        return response.end(`<!DOCTYPE html><title>Error 404 (Not Found)!!1</title>`)
      }
      const caller = authenticate(entry, route.write)
      if (failure) {
        throw failureError(failure)
      }
      const result = route.handle(caller)
      if (result === null) {
        response.writeHead(204)
        return response.end()
      }
      response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' })
      response.end(JSON.stringify(result))
    } catch (error) {
      if (!(error instanceof GoogleError)) {
        // A bug in the fake: fail the request loudly rather than hang the test.
        console.error(error)
        return sendError(response, new GoogleError(500, String(error), 'backendError'))
      }
      sendError(response, error)
    }
  }

  /** The service account that signed the bearer token, or Google's 401. */
  function authenticate(request: ReceivedRequest, write: boolean) {
    const header = request.headers.authorization ?? ''
    const token = /^Bearer (\S+)$/.exec(header)?.[1]
    if (!token) {
      throw new GoogleError(
        401,
        'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        'required',
        'global',
        { location: 'Authorization', locationType: 'header' }
      )
    }
    const invalid = new GoogleError(401, 'Invalid Credentials', 'authError', 'global', {
      location: 'Authorization',
      locationType: 'header',
    })
    const parts = token.split('.')
    if (parts.length !== 3) {
      throw invalid
    }
    const [headerPart, payloadPart, signature] = parts
    const jwtHeader = parseJson(Buffer.from(headerPart, 'base64url').toString()) as {
      alg?: string
      kid?: string
    } | null
    const claims = parseJson(Buffer.from(payloadPart, 'base64url').toString()) as {
      iss?: string
      sub?: string
      scope?: string
      aud?: string
      iat?: number
      exp?: number
    } | null
    const known = jwtHeader?.kid ? publicKeys.get(jwtHeader.kid) : undefined
    if (!jwtHeader || !claims || jwtHeader.alg !== 'RS256' || !known) {
      throw invalid
    }
    const verifier = createVerify('RSA-SHA256')
    verifier.update(`${headerPart}.${payloadPart}`)
    if (!verifier.verify(known.key, Buffer.from(signature, 'base64url'))) {
      throw invalid
    }
    const now = Math.floor(Date.now() / 1000)
    if (
      claims.iss !== known.email ||
      claims.sub !== known.email ||
      typeof claims.iat !== 'number' ||
      typeof claims.exp !== 'number' ||
      claims.iat > now + SKEW_SECONDS ||
      claims.exp < now - SKEW_SECONDS ||
      claims.exp - claims.iat > MAX_TOKEN_SECONDS
    ) {
      throw invalid
    }
    const scopes = (claims.scope ?? '').split(' ')
    const allowed = write ? CALENDAR_SCOPES : READ_SCOPES
    if (!scopes.some((scope) => allowed.has(scope))) {
      throw new GoogleError(
        403,
        'Request had insufficient authentication scopes.',
        'insufficientPermissions'
      )
    }
    return known.email
  }

  /** The calendar as this account sees it; one it was not given does not exist for it. */
  function calendarFor(caller: string, id: string, write: boolean) {
    const calendar = calendars.get(id)
    const access = calendar?.access[caller]
    if (!calendar || !access) {
      throw notFound()
    }
    if (write && access === 'reader') {
      throw new GoogleError(
        403,
        'You need to have writer access to this calendar.',
        'requiredAccessLevel'
      )
    }
    return calendar
  }

  function eventsOf(id: string) {
    let found = events.get(id)
    if (!found) {
      found = new Map()
      events.set(id, found)
    }
    return found
  }

  function routeOf(request: ReceivedRequest) {
    const { method, path } = request
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent)
    if (segments[0] !== 'calendar' || segments[1] !== 'v3') {
      return null
    }
    const rest = segments.slice(2)
    const body = request.body
    if (rest[0] === 'users' && rest[1] === 'me' && rest[2] === 'calendarList') {
      if (rest.length === 3 && method === 'GET') {
        return { write: false, handle: (caller: string) => calendarList(caller, request.query) }
      }
      if (rest.length === 4 && method === 'GET') {
        return {
          write: false,
          handle: (caller: string) =>
            calendarListEntry(calendarFor(caller, rest[3], false), caller),
        }
      }
      return null
    }
    if (rest[0] !== 'calendars' || rest.length < 2) {
      return null
    }
    const id = rest[1]
    if (rest.length === 2 && method === 'GET') {
      return {
        write: false,
        handle: (caller: string) => {
          const calendar = calendarFor(caller, id, false)
          return {
            kind: 'calendar#calendar',
            etag: `"${calendar.id.length}"`,
            id: calendar.id,
            summary: calendar.summary,
            timeZone: calendar.timeZone,
          }
        },
      }
    }
    if (rest[2] !== 'events') {
      return null
    }
    if (rest.length === 3 && method === 'POST') {
      return {
        write: true,
        handle: (caller: string) => insert(calendarFor(caller, id, true), body),
      }
    }
    if (rest.length === 3 && method === 'GET') {
      return {
        write: false,
        handle: (caller: string) => list(calendarFor(caller, id, false), request.query),
      }
    }
    if (rest.length !== 4) {
      return null
    }
    const eventId = rest[3]
    const existing = (calendar: FakeCalendar) => {
      const event = eventsOf(calendar.id).get(eventId)
      if (!event) {
        throw notFound()
      }
      return event
    }
    switch (method) {
      case 'GET':
        return {
          write: false,
          handle: (caller: string) => existing(calendarFor(caller, id, false)),
        }
      case 'PUT':
        return {
          write: true,
          handle: (caller: string) => {
            const calendar = calendarFor(caller, id, true)
            const event = existing(calendar)
            const fields = checkEvent(body, 'update')
            return store(calendar, {
              id: event.id,
              created: event.created,
              status: 'confirmed',
              ...fields,
              sequence: event.sequence + 1,
            })
          },
        }
      case 'PATCH':
        return {
          write: true,
          handle: (caller: string) => {
            const calendar = calendarFor(caller, id, true)
            const event = existing(calendar)
            const merged = { ...event, ...(isObject(body) ? body : {}) }
            const fields = checkEvent(merged, 'patch')
            return store(calendar, { ...event, ...fields, sequence: event.sequence + 1 })
          },
        }
      case 'DELETE':
        return {
          write: true,
          handle: (caller: string) => {
            const calendar = calendarFor(caller, id, true)
            const event = existing(calendar)
            if (event.status === 'cancelled') {
              throw new GoogleError(410, 'Resource has been deleted', 'deleted')
            }
            store(calendar, { ...event, status: 'cancelled', sequence: event.sequence + 1 })
            return null
          },
        }
      default:
        return null
    }
  }

  function insert(calendar: FakeCalendar, body: unknown) {
    const fields = checkEvent(body, 'insert')
    const id = typeof fields.id === 'string' ? fields.id : randomId()
    if (eventsOf(calendar.id).has(id)) {
      // The id of a deleted event stays taken: update that event instead.
      throw new GoogleError(409, 'The requested identifier already exists.', 'duplicate')
    }
    const now = new Date().toISOString()
    return store(calendar, {
      status: 'confirmed',
      ...fields,
      id,
      created: now,
      sequence: 0,
    })
  }

  function store(calendar: FakeCalendar, fields: Record<string, unknown>) {
    const event = {
      ...fields,
      kind: 'calendar#event',
      etag: `"${nextEtag++}"`,
      updated: new Date().toISOString(),
      iCalUID: `${fields.id as string}@google.com`,
    } as unknown as FakeEvent
    eventsOf(calendar.id).set(event.id, event)
    return event
  }

  function list(calendar: FakeCalendar, query: Record<string, string>) {
    const size = query.maxResults ? Number(query.maxResults) : DEFAULT_PAGE_SIZE
    if (!Number.isInteger(size) || size < 1) {
      throw badRequest('Invalid value for: maxResults')
    }
    const pageSize = Math.min(size, MAX_PAGE_SIZE)
    const wanted = (query.privateExtendedProperty ? [query.privateExtendedProperty] : []).map(
      (pair) => pair.split('=') as [string, string]
    )
    const all = [...eventsOf(calendar.id).values()]
      .filter((event) => query.showDeleted === 'true' || event.status !== 'cancelled')
      .filter((event) =>
        wanted.every(([key, value]) => event.extendedProperties?.private?.[key] === value)
      )
      .sort((a, b) => a.id.localeCompare(b.id))
    const offset = query.pageToken
      ? Number(Buffer.from(query.pageToken, 'base64url').toString())
      : 0
    if (!Number.isInteger(offset) || offset < 0) {
      throw badRequest('Invalid page token value.')
    }
    const page = all.slice(offset, offset + pageSize)
    const more = offset + pageSize < all.length
    return {
      kind: 'calendar#events',
      summary: calendar.summary,
      timeZone: calendar.timeZone,
      items: page,
      ...(more
        ? { nextPageToken: Buffer.from(String(offset + pageSize)).toString('base64url') }
        : { nextSyncToken: randomBytes(8).toString('base64url') }),
    }
  }

  function calendarList(caller: string, query: Record<string, string>) {
    const items = [...calendars.values()]
      .filter((calendar) => calendar.access[caller])
      .map((calendar) => calendarListEntry(calendar, caller))
    if (query.maxResults && Number(query.maxResults) < 1) {
      throw badRequest('Invalid value for: maxResults')
    }
    return { kind: 'calendar#calendarList', items }
  }

  function calendarListEntry(calendar: FakeCalendar, caller: string) {
    return {
      kind: 'calendar#calendarListEntry',
      id: calendar.id,
      summary: calendar.summary,
      timeZone: calendar.timeZone,
      accessRole: calendar.access[caller],
    }
  }

  // A client that disconnects mid-request (its own timeout) just ends the exchange.
  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy())
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const address = server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`

  return {
    url,
    serviceAccountKey,
    calendarId,
    env: { CALENDAR_API_URL: url, CALENDAR_SERVICE_KEY: JSON.stringify(serviceAccountKey) },
    received,
    failNext(failure, match) {
      failures.push({ failure, match })
    },
    addCalendar(calendar) {
      calendars.set(calendar.id, { ...calendar, access: calendar.access ?? {} })
    },
    events(id = calendarId) {
      return [...eventsOf(id).values()]
    },
    liveEvents(id = calendarId) {
      return [...eventsOf(id).values()].filter((event) => event.status !== 'cancelled')
    },
    reset() {
      received.length = 0
      failures = []
      events = new Map()
      calendars = new Map(initialCalendars().map((calendar) => [calendar.id, calendar]))
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/**
 * The fields of an event body Google checks: a valid id, a start and an end
 * of the same kind (all-day `date`, or `dateTime` with an offset or a
 * `timeZone`), the end after the start.
 */
function checkEvent(body: unknown, operation: 'insert' | 'update' | 'patch') {
  if (!isObject(body)) {
    throw badRequest('Parse Error', 'parseError')
  }
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    if (WRITABLE_EVENT_FIELDS.has(key)) {
      fields[key] = value
    }
  }
  if (operation === 'insert' && fields.id !== undefined) {
    if (typeof fields.id !== 'string' || !EVENT_ID.test(fields.id)) {
      throw badRequest('Invalid resource id value.')
    }
  }
  if (
    fields.status !== undefined &&
    !['confirmed', 'tentative', 'cancelled'].includes(fields.status as string)
  ) {
    throw badRequest('Invalid value for: status')
  }
  const start = fields.start as FakeEvent['start'] | undefined
  const end = fields.end as FakeEvent['end'] | undefined
  if (!start || (!start.date && !start.dateTime)) {
    throw badRequest('Missing start time.', 'required')
  }
  if (!end || (!end.date && !end.dateTime)) {
    throw badRequest('Missing end time.', 'required')
  }
  const instant = (time: FakeEvent['start'], which: string) => {
    if (time.date) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(time.date)) {
        throw badRequest(`Invalid ${which} time.`)
      }
      return Date.parse(`${time.date}T00:00:00Z`)
    }
    const value = time.dateTime as string
    const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(value)
    if (!hasOffset && !time.timeZone) {
      throw badRequest(`Missing time zone definition for ${which} time.`)
    }
    if (time.timeZone && !isTimeZone(time.timeZone)) {
      throw badRequest(`Invalid time zone definition for ${which} time.`)
    }
    const parsed = Date.parse(hasOffset ? value : `${value}Z`)
    if (Number.isNaN(parsed)) {
      throw badRequest(`Invalid ${which} time.`)
    }
    return parsed
  }
  if (Boolean(start.date) !== Boolean(end.date)) {
    throw badRequest('Start and end times must either both be date or both be dateTime.')
  }
  // Zones are compared loosely (same zone on both ends in practice): the end must follow the start.
  if (instant(end, 'end') <= instant(start, 'start')) {
    throw badRequest('The specified time range is empty.', 'timeRangeEmpty')
  }
  return fields
}

function failureError(failure: Exclude<CalendarFailure, 'hang'>) {
  if (failure.status === 403) {
    return failure.reason === 'forbidden'
      ? new GoogleError(403, 'Forbidden', 'forbidden')
      : new GoogleError(
          403,
          failure.reason === 'rateLimitExceeded'
            ? 'Rate Limit Exceeded'
            : 'User Rate Limit Exceeded',
          failure.reason,
          'usageLimits'
        )
  }
  if (failure.status === 429) {
    return new GoogleError(429, 'Rate Limit Exceeded', 'rateLimitExceeded', 'usageLimits')
  }
  return new GoogleError(
    failure.status,
    failure.status === 500 ? 'Backend Error' : 'The service is currently unavailable.',
    failure.status === 500 ? 'backendError' : 'backendError'
  )
}

function sendError(response: ServerResponse, error: GoogleError) {
  response.writeHead(error.code, { 'content-type': 'application/json; charset=UTF-8' })
  response.end(JSON.stringify(error.body))
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

function randomId() {
  return randomBytes(13).toString('hex')
}

/*
 * Development: `node --import=@poppinss/ts-exec tests/fakes/google_calendar.ts [port]`
 * runs the fake until Ctrl-C and prints the two lines that point a local
 * schedule at it (the key is new at every start; the calendar is in memory).
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startGoogleCalendarFake({ port: Number(process.argv[2] ?? 0) })
  console.log(`Google Calendar fake on ${fake.url}; its calendar id is ${fake.calendarId}`)
  console.log("Put these in schedule's .env and restart it:")
  console.log(`CALENDAR_API_URL=${fake.env.CALENDAR_API_URL}`)
  console.log(
    `CALENDAR_SERVICE_KEY=${Buffer.from(fake.env.CALENDAR_SERVICE_KEY).toString('base64')}`
  )
  process.once('SIGINT', () => void fake.close())
}
