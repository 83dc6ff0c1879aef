import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import sharp from 'sharp'
import { readGoogleRequest, type ReceivedRequest } from '#tests/fakes/_google_requests'

/**
 * Google Places API (New) on loopback: the part schedule's address lookup
 * uses (autocomplete and place details), answering like Google does, also
 * when it refuses: the same statuses and `{ error: { code, message, status,
 * details } }` bodies, checked before anything else in the same order (the
 * key, then the request). See tests/fakes/README.md.
 *
 * It also draws maps as the Maps Static API does (`GET /maps/api/staticmap`,
 * on maps.googleapis.com in production): a PNG of the asked size, or
 * Google's refusals, which are a line of text, or its error image when a
 * usage limit is hit.
 */

export interface FakePlace {
  id: string
  name: string
  formattedAddress: string
  latitude: number
  longitude: number
  types: string[]
  addressComponents: { longText: string; shortText: string; types: string[] }[]
}

/** The places the fake knows; autocomplete finds them by any part of their name or address. */
export const FAKE_PLACES: FakePlace[] = [
  {
    id: 'ChIJfakePinewoodStudios0001',
    name: 'Pinewood Studios',
    formattedAddress: 'Pinewood Rd, Iver Heath, Iver SL0 0NH, UK',
    latitude: 51.5496,
    longitude: -0.5366,
    types: ['point_of_interest', 'establishment'],
    addressComponents: [
      { longText: 'Pinewood Road', shortText: 'Pinewood Rd', types: ['route'] },
      { longText: 'Iver Heath', shortText: 'Iver Heath', types: ['locality', 'political'] },
      { longText: 'SL0 0NH', shortText: 'SL0 0NH', types: ['postal_code'] },
      { longText: 'United Kingdom', shortText: 'GB', types: ['country', 'political'] },
    ],
  },
  {
    id: 'ChIJfakeSheppertonStudios01',
    name: 'Shepperton Studios',
    formattedAddress: 'Studios Rd, Shepperton TW17 0QD, UK',
    latitude: 51.4069,
    longitude: -0.4544,
    types: ['point_of_interest', 'establishment'],
    addressComponents: [
      { longText: 'Studios Road', shortText: 'Studios Rd', types: ['route'] },
      { longText: 'Shepperton', shortText: 'Shepperton', types: ['postal_town'] },
      { longText: 'TW17 0QD', shortText: 'TW17 0QD', types: ['postal_code'] },
      { longText: 'United Kingdom', shortText: 'GB', types: ['country', 'political'] },
    ],
  },
  {
    id: 'ChIJfakeRoyalAlbertHall0001',
    name: 'Royal Albert Hall',
    formattedAddress: 'Kensington Gore, South Kensington, London SW7 2AP, UK',
    latitude: 51.5009,
    longitude: -0.1774,
    types: ['concert_hall', 'point_of_interest', 'establishment'],
    addressComponents: [
      { longText: 'Kensington Gore', shortText: 'Kensington Gore', types: ['route'] },
      { longText: 'London', shortText: 'London', types: ['postal_town'] },
      { longText: 'SW7 2AP', shortText: 'SW7 2AP', types: ['postal_code'] },
      { longText: 'United Kingdom', shortText: 'GB', types: ['country', 'political'] },
    ],
  },
  {
    id: 'ChIJfakeCafeDeFlore00000001',
    name: 'Café de Flore',
    formattedAddress: '172 Bd Saint-Germain, 75006 Paris, France',
    latitude: 48.8541,
    longitude: 2.3326,
    types: ['cafe', 'food', 'point_of_interest', 'establishment'],
    addressComponents: [
      { longText: '172', shortText: '172', types: ['street_number'] },
      { longText: 'Boulevard Saint-Germain', shortText: 'Bd Saint-Germain', types: ['route'] },
      { longText: 'Paris', shortText: 'Paris', types: ['locality', 'political'] },
      { longText: '75006', shortText: '75006', types: ['postal_code'] },
      { longText: 'France', shortText: 'FR', types: ['country', 'political'] },
    ],
  },
]

/** The key the fake accepts unless told otherwise. */
export const FAKE_PLACES_API_KEY = 'AIzaSyFakePlacesKeyForTests-0123456789'

export type { ReceivedRequest }

/**
 * What the next request gets instead of its answer: Google's quota error
 * (with its RetryInfo when `retryDelaySeconds` is given), a server error, or
 * no answer at all until the client gives up.
 */
export type PlacesFailure =
  { status: 429; retryDelaySeconds?: number } | { status: 500 | 503 } | 'hang'

export interface GooglePlacesFake {
  url: string
  apiKey: string
  /** Every request, in order, refused ones included. */
  received: ReceivedRequest[]
  /** The environment of a schedule process that should use this fake. */
  env: { MAPS_API_KEY: string; PLACES_BASE_URL: string; STATIC_MAPS_BASE_URL: string }
  failNext(failure: PlacesFailure): void
  /** Forgets what it received and any failure not yet used (between tests). */
  reset(): void
  close(): Promise<void>
}

export interface GooglePlacesFakeOptions {
  apiKey?: string
  /** Keys of a project where Places API (New) is not enabled: 403 SERVICE_DISABLED. */
  keysWithoutPlacesApi?: string[]
  /** Keys of a project where the Maps Static API is not enabled: 403, in words. */
  keysWithoutStaticMapsApi?: string[]
}

const AUTOCOMPLETE_BODY_FIELDS = new Set([
  'input',
  'locationBias',
  'locationRestriction',
  'includedPrimaryTypes',
  'includedRegionCodes',
  'languageCode',
  'regionCode',
  'origin',
  'inputOffset',
  'includeQueryPredictions',
  'sessionToken',
  'includePureServiceAreaBusinesses',
])
const DETAILS_QUERY_PARAMS = new Set([
  'sessionToken',
  'languageCode',
  'regionCode',
  'key',
  'fields',
  '$fields',
])
/** Top-level fields of Google's Place resource; a mask naming anything else is refused. */
const PLACE_FIELDS = new Set([
  'name',
  'id',
  'displayName',
  'types',
  'primaryType',
  'primaryTypeDisplayName',
  'formattedAddress',
  'shortFormattedAddress',
  'adrFormatAddress',
  'postalAddress',
  'addressComponents',
  'plusCode',
  'location',
  'viewport',
  'googleMapsUri',
  'googleMapsLinks',
  'utcOffsetMinutes',
  'timeZone',
  'businessStatus',
  'iconMaskBaseUri',
  'iconBackgroundColor',
  'photos',
  'pureServiceAreaBusiness',
  'containingPlaces',
  'addressDescriptor',
  'nationalPhoneNumber',
  'internationalPhoneNumber',
  'websiteUri',
  'rating',
  'userRatingCount',
  'priceLevel',
  'priceRange',
  'regularOpeningHours',
  'currentOpeningHours',
  'reviews',
  'editorialSummary',
])
const MAX_SUGGESTIONS = 5
const SESSION_TOKEN = /^[A-Za-z0-9_-]{1,36}$/
const PLACE_ID = /^[A-Za-z0-9_-]{10,}$/

class GoogleError {
  constructor(
    readonly code: number,
    readonly status: string,
    readonly message: string,
    readonly details: object[] = []
  ) {}

  get body() {
    const { code, message, status, details } = this
    return { error: { code, message, status, ...(details.length ? { details } : {}) } }
  }
}

const invalidArgument = (message: string, details?: object[]) =>
  new GoogleError(400, 'INVALID_ARGUMENT', message, details)

export async function startGooglePlacesFake(
  options: GooglePlacesFakeOptions = {}
): Promise<GooglePlacesFake> {
  const apiKey = options.apiKey ?? FAKE_PLACES_API_KEY
  const keysWithoutPlacesApi = new Set(options.keysWithoutPlacesApi ?? [])
  const keysWithoutStaticMapsApi = new Set(options.keysWithoutStaticMapsApi ?? [])
  const received: ReceivedRequest[] = []
  const failures: PlacesFailure[] = []

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const { entry, text } = await readGoogleRequest(request)
    received.push(entry)

    const failure = failures.shift()
    if (failure === 'hang') {
      // Answer nothing; the connection ends when the client gives up or at close().
      return
    }
    if (entry.method === 'GET' && entry.path === '/maps/api/staticmap') {
      return staticMapAnswer(entry, response, failure)
    }
    if (failure) {
      return sendError(response, failureError(failure))
    }

    const isAutocomplete = entry.method === 'POST' && entry.path === '/v1/places:autocomplete'
    const detailsPath = entry.method === 'GET' && /^\/v1\/places\/([^/:]+)$/.exec(entry.path)
    if (!isAutocomplete && !detailsPath) {
      // Google answers an unknown method or path with an HTML page, not JSON.
      response.writeHead(404, { 'content-type': 'text/html; charset=UTF-8' })
      return response.end(`<!DOCTYPE html><title>Error 404 (Not Found)</title>
<p>The requested URL <code>${escapeHtml(entry.path)}</code> was not found on this server.`)
    }

    const keyError = checkKey(entry.headers['x-goog-api-key'] || entry.query.key)
    if (keyError) {
      return sendError(response, keyError)
    }
    try {
      const body = isAutocomplete
        ? autocompleteAnswer(entry, text)
        : placeAnswer(entry, decodeURIComponent((detailsPath as RegExpExecArray)[1]))
      response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' })
      response.end(JSON.stringify(body))
    } catch (error) {
      if (!(error instanceof GoogleError)) {
        // A bug in the fake: fail the request loudly rather than hang the test.
        console.error(error)
        return sendError(response, new GoogleError(500, 'INTERNAL', String(error)))
      }
      sendError(response, error)
    }
  }

  // A client that disconnects mid-request (its own timeout) just ends the exchange.
  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy())
  })

  function checkKey(key: string | undefined) {
    if (!key) {
      return new GoogleError(
        403,
        'PERMISSION_DENIED',
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API."
      )
    }
    if (key === apiKey) {
      return null
    }
    if (keysWithoutPlacesApi.has(key)) {
      return new GoogleError(
        403,
        'PERMISSION_DENIED',
        'Places API (New) has not been used in project 000000000000 before or it is disabled. Enable it by visiting the Google Cloud console, then retry.',
        [errorInfo('SERVICE_DISABLED')]
      )
    }
    return invalidArgument('API key not valid. Please pass a valid API key.', [
      errorInfo('API_KEY_INVALID'),
    ])
  }

  async function staticMapAnswer(
    request: ReceivedRequest,
    response: ServerResponse,
    failure: Exclude<PlacesFailure, 'hang'> | undefined
  ) {
    const refuse = (status: number, reason: string) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=UTF-8' })
      response.end(`The Google Maps Platform server rejected your request. ${reason}`)
    }
    if (failure?.status === 429) {
      // Over a usage limit the API still answers a picture: its error image, with a 403.
      response.writeHead(403, { 'content-type': 'image/png' })
      return response.end(await pngOf(100, 100, '#9e9e9e'))
    }
    if (failure) {
      response.writeHead(failure.status, { 'content-type': 'text/html; charset=UTF-8' })
      return response.end('<!DOCTYPE html><title>Server Error</title>')
    }
    const { key, size, scale = '1', center, zoom, markers } = request.query
    if (!key) {
      return refuse(
        403,
        'You must use an API key to authenticate each request to Google Maps Platform APIs.'
      )
    }
    if (keysWithoutStaticMapsApi.has(key)) {
      return refuse(403, 'This API project is not authorized to use this API.')
    }
    if (key !== apiKey) {
      return refuse(403, 'The provided API key is invalid.')
    }
    if (!size) {
      return refuse(400, "Invalid request. Missing the 'size' parameter.")
    }
    const [width, height] = /^\d{1,4}x\d{1,4}$/.test(size) ? size.split('x').map(Number) : [0, 0]
    if (!(width >= 1 && width <= 640 && height >= 1 && height <= 640)) {
      return refuse(400, "Invalid request. Invalid 'size' parameter.")
    }
    if (!['1', '2'].includes(scale)) {
      return refuse(400, "Invalid request. Invalid 'scale' parameter.")
    }
    if (zoom !== undefined && !(/^\d{1,2}$/.test(zoom) && Number(zoom) <= 21)) {
      return refuse(400, "Invalid request. Invalid 'zoom' parameter.")
    }
    if (!center && !markers) {
      return refuse(400, "Invalid request. Missing the 'center' parameter.")
    }
    // Google would geocode an address; the fake knows coordinates only.
    const point = center?.match(/^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/)
    if (center && (!point || Math.abs(Number(point[1])) > 90 || Math.abs(Number(point[2])) > 180)) {
      return refuse(400, "Invalid request. Invalid 'center' parameter.")
    }
    const factor = Number(scale)
    response.writeHead(200, { 'content-type': 'image/png' })
    response.end(await pngOf(width * factor, height * factor, '#e8e4dc'))
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  return {
    url,
    apiKey,
    received,
    env: { MAPS_API_KEY: apiKey, PLACES_BASE_URL: url, STATIC_MAPS_BASE_URL: url },
    failNext(failure) {
      failures.push(failure)
    },
    reset() {
      received.length = 0
      failures.length = 0
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

function autocompleteAnswer(request: ReceivedRequest, text: string) {
  const body = request.body
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidArgument(
      `Invalid JSON payload received. Unexpected token.\n${text.slice(0, 40)}\n^`
    )
  }
  for (const field of Object.keys(body)) {
    if (!AUTOCOMPLETE_BODY_FIELDS.has(field)) {
      throw invalidArgument(
        `Invalid JSON payload received. Unknown name "${field}": Cannot find field.`
      )
    }
  }
  const { input, sessionToken } = body as { input?: unknown; sessionToken?: unknown }
  checkSessionToken(sessionToken)
  if (typeof input !== 'string' || input.trim() === '') {
    throw invalidArgument('input must not be empty.')
  }
  const mask = fieldMaskOf(request)
  if (mask && !mask.every((path) => path === '*' || path.split('.')[0] === 'suggestions')) {
    throw invalidArgument(`Invalid field mask: ${mask.join(',')}`)
  }

  const wanted = fold(input.trim())
  const suggestions = FAKE_PLACES.filter((place) =>
    fold(`${place.name}, ${place.formattedAddress}`).includes(wanted)
  )
    .slice(0, MAX_SUGGESTIONS)
    .map((place) => ({
      placePrediction: {
        place: `places/${place.id}`,
        placeId: place.id,
        text: { text: `${place.name}, ${place.formattedAddress}` },
        structuredFormat: {
          mainText: { text: place.name },
          secondaryText: { text: place.formattedAddress },
        },
        types: place.types,
      },
    }))
  // An empty list is left out altogether, as Google's JSON does.
  const answer = suggestions.length ? { suggestions } : {}
  return mask ? applyFieldMask(answer, mask) : answer
}

function placeAnswer(request: ReceivedRequest, placeId: string) {
  for (const name of Object.keys(request.query)) {
    if (!DETAILS_QUERY_PARAMS.has(name)) {
      throw invalidArgument(
        `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. Field '${name}' could not be found in request message.`
      )
    }
  }
  const mask = fieldMaskOf(request)
  if (!mask) {
    throw invalidArgument(
      "FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it. As an example, you can set the header 'X-Goog-FieldMask' to 'displayName' in order to request the displayName of a Place."
    )
  }
  const unknown = mask.find((path) => path !== '*' && !PLACE_FIELDS.has(path.split('.')[0]))
  if (unknown) {
    throw invalidArgument(`Invalid field: ${unknown}`)
  }
  checkSessionToken(request.query.sessionToken)
  if (!PLACE_ID.test(placeId)) {
    throw invalidArgument(`Not a valid Place ID: ${placeId}`)
  }
  const place = FAKE_PLACES.find((candidate) => candidate.id === placeId)
  if (!place) {
    throw new GoogleError(404, 'NOT_FOUND', 'The place ID is not found.')
  }
  return applyFieldMask(
    {
      name: `places/${place.id}`,
      id: place.id,
      displayName: { text: place.name, languageCode: 'en' },
      types: place.types,
      formattedAddress: place.formattedAddress,
      location: { latitude: place.latitude, longitude: place.longitude },
      addressComponents: place.addressComponents.map((component) => ({
        ...component,
        languageCode: 'en',
      })),
    },
    mask
  )
}

function checkSessionToken(token: unknown) {
  if (token !== undefined && (typeof token !== 'string' || !SESSION_TOKEN.test(token))) {
    throw invalidArgument(
      'Invalid session token. It must be a URL and filename safe base64 string of at most 36 characters.'
    )
  }
}

/** The mask from the header or the `fields` system parameter, as a list of paths. */
function fieldMaskOf(request: ReceivedRequest) {
  const value =
    request.headers['x-goog-fieldmask'] ?? request.query.fields ?? request.query.$fields ?? ''
  const paths = value
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean)
  return paths.length ? paths : null
}

/** Keeps only the masked paths of `value`; a path through a list applies to each item. */
function applyFieldMask(value: unknown, paths: string[]): unknown {
  if (paths.includes('*')) {
    return value
  }
  type Tree = { [field: string]: Tree | true }
  const tree: Tree = {}
  for (const path of paths) {
    let node = tree
    const fields = path.split('.')
    fields.forEach((field, index) => {
      if (index === fields.length - 1) {
        node[field] = true
      } else if (node[field] !== true) {
        node = (node[field] ??= {}) as Tree
      }
    })
  }
  const prune = (item: unknown, mask: Tree | true): unknown => {
    if (mask === true || item === null || typeof item !== 'object') {
      return item
    }
    if (Array.isArray(item)) {
      return item.map((element) => prune(element, mask))
    }
    const kept: Record<string, unknown> = {}
    for (const [field, inner] of Object.entries(mask)) {
      if (field in item) {
        kept[field] = prune((item as Record<string, unknown>)[field], inner)
      }
    }
    return kept
  }
  return prune(value, tree)
}

function failureError(failure: Exclude<PlacesFailure, 'hang'>) {
  if (failure.status === 429) {
    return new GoogleError(
      429,
      'RESOURCE_EXHAUSTED',
      "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service 'places.googleapis.com' for consumer 'project_number:000000000000'.",
      [
        errorInfo('RATE_LIMIT_EXCEEDED'),
        ...(failure.retryDelaySeconds === undefined
          ? []
          : [
              {
                '@type': 'type.googleapis.com/google.rpc.RetryInfo',
                'retryDelay': `${failure.retryDelaySeconds}s`,
              },
            ]),
      ]
    )
  }
  return failure.status === 500
    ? new GoogleError(500, 'INTERNAL', 'Internal error encountered.')
    : new GoogleError(503, 'UNAVAILABLE', 'The service is currently unavailable.')
}

/** A picture of one colour: the map (or the error image) the fake draws. */
function pngOf(width: number, height: number, background: string) {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
}

function errorInfo(reason: string) {
  return {
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason,
    'domain': 'googleapis.com',
    'metadata': { service: 'places.googleapis.com' },
  }
}

function sendError(response: ServerResponse, error: GoogleError) {
  response.writeHead(error.code, { 'content-type': 'application/json; charset=UTF-8' })
  response.end(JSON.stringify(error.body))
}

/** Case and accents do not matter to Google's matching ("cafe" finds "Café"). */
function fold(text: string) {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)
}
