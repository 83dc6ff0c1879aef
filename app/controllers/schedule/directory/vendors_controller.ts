import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { VendorDirectory } from '#services/schedule/directory/vendor_directory'
import { bookingRangeValidator } from '#validators/schedule/resource_booking_validators'
import {
  createVendorValidator,
  updateVendorValidator,
  vendorListValidator,
} from '#validators/schedule/vendor_validators'
import { serializer } from '#services/shared/serialize'
import VendorTransformer from '#transformers/schedule/vendor_transformer'
import VendorDetailTransformer from '#transformers/schedule/vendor_detail_transformer'
import ResourceBookingTransformer from '#transformers/schedule/resource_booking_transformer'

/** /api/vendors of spec 3: active vendors; DELETE moves one to the trash. */
@inject()
export default class VendorsController {
  constructor(protected vendors: VendorDirectory) {}

  async index({ request }: HttpContext) {
    const vendors = await this.vendors.list(await request.validateUsing(vendorListValidator))
    return serializer.serialize(VendorTransformer.transform(vendors))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createVendorValidator)
    const vendor = await this.vendors.create(fields, scheduleUser)
    return response
      .status(201)
      .send(await serializer.serialize(VendorTransformer.transform(vendor)))
  }

  async show({ params }: HttpContext) {
    return serializer.serialize(
      VendorDetailTransformer.transform(await this.vendors.show(params.id))
    )
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateVendorValidator)
    const vendor = await this.vendors.update(params.id, fields, scheduleUser)
    return serializer.serialize(VendorTransformer.transform(vendor))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.vendors.trash(params.id, scheduleUser)
    return { success: true }
  }

  async assignments({ params, request }: HttpContext) {
    const range = await request.validateUsing(bookingRangeValidator)
    const bookings = await this.vendors.assignments(params.id, range)
    return serializer.serialize(ResourceBookingTransformer.transform(bookings))
  }
}
