import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import limiter from '@adonisjs/limiter/services/main'
import Location from '#models/schedule/location'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'
import { ADDRESS_LOOKUP_RATE_LIMIT } from '#services/schedule/places/places_client'
import {
  STATIC_MAP_SIZE,
  StaticMapsClient,
  type StaticMapRequest,
} from '#services/schedule/places/static_maps_client'

export type MapSize = { width: number; height: number }

/**
 * A location's map picture, drawn by Google from the location's stored
 * coordinates (never from coordinates a caller sends) and served by
 * schedule, so MAPS_API_KEY stays on the server. Who may see it is the
 * caller's business (StaticMapController), as for the location's photos.
 */
@inject()
export class LocationMaps {
  constructor(protected maps: StaticMapsClient) {}

  /** Whether the pages show map pictures: only with MAPS_API_KEY set. */
  get available() {
    return this.maps.isConfigured
  }

  /**
   * The picture's address. The coordinates in it only make a moved location
   * a new address for the browser's cache; the server draws its stored ones.
   */
  static urlOf(location: { id: number; lat: number; lng: number }, shareToken?: string) {
    const query = new URLSearchParams({ at: `${location.lat},${location.lng}` })
    if (shareToken) query.set('share', shareToken)
    return `/api/locations/${location.id}/static-map?${query}`
  }

  /**
   * What would be drawn for the location (404 when it is in the trash or
   * has no coordinates), with an ETag of it: a browser that has this
   * picture gets a 304 without Google being asked.
   */
  async plan(locationId: number, size: Partial<MapSize> = {}) {
    const location = await Location.query()
      .where('id', locationId)
      .whereNull('deleted_at')
      .whereNotNull('lat')
      .whereNotNull('lng')
      .first()
    if (!location || location.lat === null || location.lng === null) {
      throw new RecordNotFoundError('This location has no map: its coordinates are not known')
    }
    const request: StaticMapRequest = {
      lat: location.lat,
      lng: location.lng,
      width: size.width ?? STATIC_MAP_SIZE.width,
      height: size.height ?? STATIC_MAP_SIZE.height,
    }
    const drawn = [request.lat, request.lng, request.width, request.height, STATIC_MAP_SIZE.zoom]
    const etag = `"${createHash('sha1').update(drawn.join(',')).digest('base64url')}"`
    return { request, etag }
  }

  /**
   * The picture from Google. Each is billed, so each caller (a person, or a
   * share link) gets as many a minute as address lookups: over that, 429.
   */
  async draw(request: StaticMapRequest, caller: string) {
    await limiter
      .use({
        requests: ADDRESS_LOOKUP_RATE_LIMIT.requests,
        duration: ADDRESS_LOOKUP_RATE_LIMIT.window,
      })
      .consume(`schedule_static_map_${caller}`)
    return this.maps.image(request)
  }
}
