import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { VendorDirectory } from '#services/schedule/directory/vendor_directory'
import { bookingRangeValidator } from '#validators/schedule/resource_booking_validators'
import {
  createVendorValidator,
  updateVendorValidator,
  vendorListValidator,
} from '#validators/schedule/vendor_validators'

/** /api/vendors of spec 3: active vendors; DELETE moves one to the trash. */
@inject()
export default class VendorsController {
  constructor(protected vendors: VendorDirectory) {}

  async index({ request }: HttpContext) {
    return this.vendors.list(await request.validateUsing(vendorListValidator))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createVendorValidator)
    return response.status(201).send(await this.vendors.create(fields, scheduleUser))
  }

  async show({ params }: HttpContext) {
    return this.vendors.show(params.id)
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateVendorValidator)
    return this.vendors.update(params.id, fields, scheduleUser)
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.vendors.trash(params.id, scheduleUser)
    return { success: true }
  }

  async assignments({ params, request }: HttpContext) {
    const range = await request.validateUsing(bookingRangeValidator)
    return this.vendors.assignments(params.id, range)
  }
}
