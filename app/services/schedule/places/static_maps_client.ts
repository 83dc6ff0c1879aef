import { Exception } from '@adonisjs/core/exceptions'
import type { Secret } from '@adonisjs/core/helpers'

/**
 * schedule's map pictures: Google's Maps Static API over plain HTTP (one GET
 * that answers an image). The key (MAPS_API_KEY, the one address lookup
 * uses) would be in the image's address, so the browser never calls Google:
 * schedule fetches the picture and serves it (StaticMapsController).
 */

export const STATIC_MAPS_DEFAULT_BASE_URL = 'https://maps.googleapis.com'

/**
 * What a map picture may be, in CSS pixels: Google draws at most 640 × 640
 * (times `scale`, 2 for sharp screens), and a smaller one is not worth a call.
 */
export const STATIC_MAP_SIZE = {
  minSide: 100,
  maxSide: 640,
  width: 600,
  height: 300,
  scale: 2,
  /** Streets and their names around the pin. */
  zoom: 15,
  /** A 640 × 640 PNG at scale 2 is about 1 MB: anything far bigger is not a map. */
  maxBytes: 4 * 1024 * 1024,
} as const

export type StaticMapRequest = { lat: number; lng: number; width: number; height: number }
export type StaticMapImage = { bytes: Buffer; contentType: string }

export interface StaticMapsClientOptions {
  apiKey?: Secret<string>
  /** Google's host by default; a proxy, or a loopback fake in tests. */
  baseUrl?: string
  timeoutMs?: number
}

/**
 * A map that could not be had, with the status schedule answers (502 Google
 * refused or failed, 503 its quota is used up, 504 it did not answer). Its
 * message is for the caller, even as a 5xx.
 */
export class StaticMapError extends Exception {
  expose = true
  /** Sent with the answer (Retry-After). */
  headers?: Record<string, string>
}

/** 503: MAPS_API_KEY is not set (the pages show no map then, so nothing to log). */
export class StaticMapNotConfiguredError extends StaticMapError {
  static status = 503
  constructor() {
    super('Map pictures are not configured')
  }

  report() {}
}

export class StaticMapsClient {
  readonly baseUrl: string
  readonly #apiKey?: Secret<string>
  readonly #timeoutMs: number

  constructor(options: StaticMapsClientOptions = {}) {
    this.#apiKey = options.apiKey
    // A proxy may serve the API under a path, so keep it and join ours after it.
    this.baseUrl = new URL(options.baseUrl ?? STATIC_MAPS_DEFAULT_BASE_URL).href.replace(/\/+$/, '')
    this.#timeoutMs = options.timeoutMs ?? 5_000
  }

  get isConfigured() {
    return Boolean(this.#apiKey?.release())
  }

  /** A road map centred on the point, with a pin on it. */
  async image({ lat, lng, width, height }: StaticMapRequest): Promise<StaticMapImage> {
    const apiKey = this.#apiKey?.release()
    if (!apiKey) {
      throw new StaticMapNotConfiguredError()
    }
    const point = `${lat},${lng}`
    const query = new URLSearchParams({
      center: point,
      zoom: String(STATIC_MAP_SIZE.zoom),
      size: `${width}x${height}`,
      scale: String(STATIC_MAP_SIZE.scale),
      maptype: 'roadmap',
      format: 'png',
      markers: point,
      key: apiKey,
    })

    let response: Response
    let bytes: Buffer
    try {
      response = await fetch(`${this.baseUrl}/maps/api/staticmap?${query}`, {
        redirect: 'error',
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
      const declared = Number(response.headers.get('content-length') ?? 0)
      if (declared > STATIC_MAP_SIZE.maxBytes) {
        await response.body?.cancel()
        throw failed(`the Maps Static API answered ${declared} bytes, more than a map`)
      }
      bytes = Buffer.from(await response.arrayBuffer())
    } catch (error) {
      if (error instanceof StaticMapError) {
        throw error
      }
      if ((error as Error).name === 'TimeoutError') {
        throw new StaticMapError(
          `No map: the Maps Static API did not answer within ${this.#timeoutMs / 1000} s`,
          { status: 504, cause: error }
        )
      }
      throw failed('the Maps Static API could not be reached', error)
    }

    const contentType = (response.headers.get('content-type') ?? '').split(';')[0].trim()
    const isImage = contentType.startsWith('image/')
    if (response.ok && isImage && bytes.length <= STATIC_MAP_SIZE.maxBytes) {
      return { bytes, contentType }
    }
    // Google's refusals are a line of plain text (an error page is not worth repeating);
    // a usage-limit refusal is its "error image" instead.
    const said = contentType === 'text/plain' ? bytes.toString('utf8', 0, 300).trim() : null
    if (response.status === 429 || (response.status === 403 && isImage)) {
      const busy = new StaticMapError(
        'No map: the Maps Static API quota is used up for now (or billing is off for the key). Try again later.',
        { status: 503 }
      )
      const retryAfter = response.headers.get('retry-after')
      if (retryAfter) {
        busy.headers = { 'Retry-After': retryAfter }
      }
      throw busy
    }
    if (response.status === 401 || response.status === 403) {
      throw failed(
        `Google refused the key (${said || response.status}). Check MAPS_API_KEY and that the Maps Static API is enabled for its project.`
      )
    }
    throw failed(
      response.ok
        ? `the Maps Static API answered something that is not a picture (${contentType || 'no type'})`
        : `the Maps Static API answered ${response.status}${said ? ` (${said})` : ''}`
    )
  }
}

function failed(reason: string, cause?: unknown) {
  return new StaticMapError(`No map: ${reason}`, { status: 502, cause })
}

/** The client this process's environment describes (MAPS_API_KEY, STATIC_MAPS_BASE_URL). */
export async function configuredStaticMapsClient() {
  const { default: env } = await import('#start/env')
  return new StaticMapsClient({
    apiKey: env.get('MAPS_API_KEY'),
    baseUrl: env.get('STATIC_MAPS_BASE_URL'),
  })
}
