import { BaseTransformer } from '@adonisjs/core/transformers'
import type Vendor from '#models/schedule/vendor'
import { timestamps } from '#services/schedule/directory/record_timestamps'

/** A vendor (spec 3, vendors): every column, timestamps as ISO 8601. */
export default class VendorTransformer extends BaseTransformer<Vendor> {
  toObject() {
    return {
      ...this.pick(this.resource, [
        'id',
        'name',
        'contactName',
        'phone',
        'email',
        'website',
        'address',
        'notes',
        'vendorTypeId',
        'regionId',
        'starred',
      ]),
      ...timestamps(this.resource),
    }
  }
}
