import Location from '#models/schedule/location'
import { ResourceDirectory } from '#services/schedule/directory/resource_directory'

export type LocationFields = {
  name?: string
  address?: string | null
  lat?: number | null
  lng?: number | null
  notes?: string | null
  locationTypeId?: number | null
  regionId?: number | null
  starred?: boolean
}

/** Places projects happen (spec 3, locations): /api/locations. Photos come later. */
export class Locations extends ResourceDirectory<LocationFields, Location> {
  protected model = Location
  protected entityType = 'location'
  protected label = 'location'
  protected searchColumns = ['name', 'address']
}
