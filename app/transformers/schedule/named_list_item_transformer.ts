import { BaseTransformer } from '@adonisjs/core/transformers'
import type CrewRole from '#models/schedule/crew_role'
import type VendorType from '#models/schedule/vendor_type'
import type LocationType from '#models/schedule/location_type'
import type Region from '#models/schedule/region'

/** An entry of the plain named lists: crew roles, vendor and location types, regions. */
export default class NamedListItemTransformer extends BaseTransformer<
  CrewRole | VendorType | LocationType | Region
> {
  toObject() {
    return this.pick(this.resource, ['id', 'name', 'color', 'sortOrder'])
  }
}
