import { Exception } from '@adonisjs/core/exceptions'
import type { Secret } from '@adonisjs/core/helpers'

/**
 * schedule's address lookup: Google Places API (New) over plain HTTP, since
 * two REST calls need no SDK. Suggestions while someone types an address,
 * then the chosen place's address and coordinates for a location.
 * Answers come back in the app's own small shapes; every failure of Google's
 * becomes one of the errors below, each with the status and message schedule
 * answers with.
 */

export const PLACES_DEFAULT_BASE_URL = 'https://places.googleapis.com'

/** Each lookup is billed by Google, so each person gets this many a minute. */
export const ADDRESS_LOOKUP_RATE_LIMIT = { requests: 60, window: '1 minute' } as const

export interface PlaceSuggestion {
  placeId: string
  /** The place's name or the first line of its address. */
  mainText: string
  /** The rest (town, country), when Google gives one. */
  secondaryText: string | null
}

export interface PlaceAddressComponent {
  longText: string
  shortText: string
  types: string[]
}

/** What a location needs from a place: the names match schedule's location fields. */
export interface PlaceDetails {
  placeId: string
  name: string | null
  address: string | null
  lat: number | null
  lng: number | null
  addressComponents: PlaceAddressComponent[]
}

export interface PlacesClientOptions {
  apiKey?: Secret<string>
  /** Google's host by default; a proxy, or a loopback fake in tests. */
  baseUrl?: string
  timeoutMs?: number
}

/*
 * Google bills by the fields asked for, and Place Details refuses a request
 * without a field mask: ask for exactly what the shapes above use.
 */
const AUTOCOMPLETE_FIELDS = [
  'suggestions.placePrediction.placeId',
  'suggestions.placePrediction.text',
  'suggestions.placePrediction.structuredFormat',
].join(',')
const DETAILS_FIELDS = [
  'id',
  'displayName',
  'formattedAddress',
  'location',
  'addressComponents',
].join(',')

/** Google's error body: `{ error: { code, message, status, details } }`. */
interface GoogleError {
  code?: number
  message?: string
  status?: string
  details?: { reason?: string; retryDelay?: string }[]
}

/** Base of the errors below: their message is for the caller, even as a 5xx. */
export class AddressLookupError extends Exception {
  expose = true
  /** Sent with the answer (Retry-After). */
  headers?: Record<string, string>
  /** What Google said, for the log only (it may echo the query back). */
  provider?: { httpStatus: number; status?: string; reason?: string; message?: string }
}

/** 503: MAPS_API_KEY is not set. Not worth an error in the log at every keystroke. */
export class AddressLookupNotConfiguredError extends AddressLookupError {
  static status = 503
  constructor() {
    super('Address lookup is not configured')
  }

  report() {}
}

/** 502: Google refuses the key (wrong, restricted, or the API not enabled for it). */
export class AddressLookupKeyRejectedError extends AddressLookupError {
  static status = 502
}

/** 503: Google's quota for this key is used up for now. */
export class AddressLookupBusyError extends AddressLookupError {
  static status = 503
}

/** 504: Google did not answer in time. */
export class AddressLookupTimeoutError extends AddressLookupError {
  static status = 504
}

/** 502: Google could not be reached, failed, or answered something unexpected. */
export class AddressLookupFailedError extends AddressLookupError {
  static status = 502
}

/** 404: no such place (or its id is no longer valid). */
export class PlaceNotFoundError extends AddressLookupError {
  static status = 404
  constructor() {
    super('Place not found')
  }
}

export class PlacesClient {
  readonly baseUrl: string
  readonly #apiKey?: Secret<string>
  readonly #timeoutMs: number

  constructor(options: PlacesClientOptions = {}) {
    this.#apiKey = options.apiKey
    // A proxy may serve the API under a path, so keep it and join ours after it.
    this.baseUrl = new URL(options.baseUrl ?? PLACES_DEFAULT_BASE_URL).href.replace(/\/+$/, '')
    this.#timeoutMs = options.timeoutMs ?? 5_000
  }

  get isConfigured() {
    return Boolean(this.#apiKey?.release())
  }

  /** Places whose name or address matches what someone has typed so far. */
  async autocomplete(input: string, sessionToken?: string): Promise<PlaceSuggestion[]> {
    const body = await this.#request('/v1/places:autocomplete', {
      method: 'POST',
      fieldMask: AUTOCOMPLETE_FIELDS,
      body: { input, ...(sessionToken ? { sessionToken } : {}) },
    })
    // Google leaves `suggestions` out altogether when nothing matches.
    const suggestions = (body.suggestions ?? []) as {
      placePrediction?: {
        placeId?: string
        text?: { text?: string }
        structuredFormat?: { mainText?: { text?: string }; secondaryText?: { text?: string } }
      }
    }[]
    return suggestions.flatMap(({ placePrediction: place }) =>
      place?.placeId
        ? [
            {
              placeId: place.placeId,
              mainText: place.structuredFormat?.mainText?.text ?? place.text?.text ?? '',
              secondaryText: place.structuredFormat?.secondaryText?.text ?? null,
            },
          ]
        : []
    )
  }

  /**
   * The chosen place. Passing the autocomplete's session token closes the
   * billing session, so the typing before it is not billed separately.
   */
  async details(placeId: string, sessionToken?: string): Promise<PlaceDetails> {
    const query = sessionToken ? `?${new URLSearchParams({ sessionToken })}` : ''
    const place = await this.#request(`/v1/places/${encodeURIComponent(placeId)}${query}`, {
      method: 'GET',
      fieldMask: DETAILS_FIELDS,
      notFound: true,
    })
    const location = place.location as { latitude?: number; longitude?: number } | undefined
    const components = (place.addressComponents ?? []) as Partial<PlaceAddressComponent>[]
    return {
      placeId: typeof place.id === 'string' ? place.id : placeId,
      name: (place.displayName as { text?: string } | undefined)?.text ?? null,
      address: typeof place.formattedAddress === 'string' ? place.formattedAddress : null,
      lat: location?.latitude ?? null,
      lng: location?.longitude ?? null,
      addressComponents: components.map((component) => ({
        longText: component.longText ?? '',
        shortText: component.shortText ?? '',
        types: component.types ?? [],
      })),
    }
  }

  async #request(
    path: string,
    options: { method: 'GET' | 'POST'; fieldMask: string; body?: object; notFound?: boolean }
  ): Promise<Record<string, unknown>> {
    const apiKey = this.#apiKey?.release()
    if (!apiKey) {
      throw new AddressLookupNotConfiguredError()
    }

    let response: Response
    let text: string
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method: options.method,
        headers: {
          'X-Goog-Api-Key': apiKey,
          'X-Goog-FieldMask': options.fieldMask,
          ...(options.body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: options.body ? JSON.stringify(options.body) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
      text = await response.text()
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        throw new AddressLookupTimeoutError(
          `Address lookup timed out: the Places API did not answer within ${this.#timeoutMs / 1000} s`,
          { cause: error }
        )
      }
      const unreachable = 'Address lookup failed: the Places API could not be reached'
      throw new AddressLookupFailedError(unreachable, { cause: error })
    }

    const body = parseJson(text)
    if (response.ok && body) {
      return body
    }
    throw this.#failure(response, body?.error as GoogleError | undefined, options.notFound)
  }

  #failure(response: Response, error: GoogleError = {}, notFound = false) {
    const reason = error.details?.find((detail) => detail.reason)?.reason
    const said = reason ?? error.status ?? String(response.status)
    let failure: AddressLookupError
    // Places (New) says 429; other Google APIs say "over quota" with a 403.
    const overQuota =
      response.status === 429 ||
      error.status === 'RESOURCE_EXHAUSTED' ||
      reason === 'RATE_LIMIT_EXCEEDED'
    if (response.status === 404 && notFound && error.status === 'NOT_FOUND') {
      failure = new PlaceNotFoundError()
    } else if (overQuota) {
      failure = new AddressLookupBusyError(
        'Address lookup is busy: the Places API quota is used up for now. Try again later.'
      )
      const retryAfter = response.headers.get('retry-after') ?? retryDelayOf(error)
      if (retryAfter) {
        failure.headers = { 'Retry-After': retryAfter }
      }
    } else if (
      response.status === 401 ||
      response.status === 403 ||
      (response.status === 400 && reason?.startsWith('API_KEY_'))
    ) {
      failure = new AddressLookupKeyRejectedError(
        `Address lookup failed: Google refused the Places API key (${said}). Check MAPS_API_KEY and that Places API (New) is enabled for its project.`
      )
    } else if (response.ok) {
      failure = new AddressLookupFailedError(
        'Address lookup failed: the Places API answered something that is not JSON'
      )
    } else {
      failure = new AddressLookupFailedError(
        `Address lookup failed: the Places API answered ${response.status} (${said})`
      )
    }
    failure.provider = {
      httpStatus: response.status,
      status: error.status,
      reason,
      message: error.message,
    }
    return failure
  }
}

/** Google's RetryInfo detail (`"retryDelay": "41s"`) as Retry-After seconds. */
/** The client this process's environment describes (MAPS_API_KEY, PLACES_BASE_URL). */
export async function configuredPlacesClient() {
  const { default: env } = await import('#start/env')
  return new PlacesClient({ apiKey: env.get('MAPS_API_KEY'), baseUrl: env.get('PLACES_BASE_URL') })
}

function retryDelayOf(error: GoogleError) {
  const delay = error.details?.find((detail) => detail.retryDelay)?.retryDelay
  const seconds = delay ? Number.parseFloat(delay) : Number.NaN
  return Number.isFinite(seconds) ? String(Math.ceil(seconds)) : null
}

function parseJson(text: string): Record<string, any> | null {
  try {
    const value = JSON.parse(text)
    return value && typeof value === 'object' ? value : null
  } catch {
    return null
  }
}
