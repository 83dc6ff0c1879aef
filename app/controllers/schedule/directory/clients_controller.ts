import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Clients } from '#services/schedule/directory/clients'
import {
  clientListValidator,
  createClientValidator,
  updateClientValidator,
} from '#validators/schedule/client_validators'

/** /api/clients of spec 3. */
@inject()
export default class ClientsController {
  constructor(protected clients: Clients) {}

  async index({ request }: HttpContext) {
    const { search } = await request.validateUsing(clientListValidator)
    return this.clients.list(search)
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createClientValidator)
    return response.status(201).send(await this.clients.create(fields, scheduleUser))
  }

  async show({ params }: HttpContext) {
    return this.clients.find(params.id)
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateClientValidator)
    return this.clients.update(params.id, fields, scheduleUser)
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.clients.delete(params.id, scheduleUser)
    return { success: true }
  }
}
