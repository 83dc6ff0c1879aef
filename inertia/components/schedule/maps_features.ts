import { api } from '~/components/shared/api'

/** What the server's MAPS_API_KEY turns on: address suggestions and map pictures. */
export type MapsFeatures = { addressLookup: boolean; staticMap: boolean }

let features: Promise<MapsFeatures> | null = null

/** Asked once per page (GET /api/app-docs); both off when that fails. */
export function mapsFeatures() {
  features ??= api<{ features?: Partial<MapsFeatures> }>('GET', '/api/app-docs')
    .then((docs) => ({
      addressLookup: Boolean(docs.features?.addressLookup),
      staticMap: Boolean(docs.features?.staticMap),
    }))
    .catch(() => ({ addressLookup: false, staticMap: false }))
  return features
}
