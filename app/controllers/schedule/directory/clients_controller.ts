import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Clients } from '#services/schedule/directory/clients'
import {
  clientListValidator,
  createClientValidator,
  updateClientValidator,
} from '#validators/schedule/client_validators'
import { serializer } from '#services/shared/serialize'
import ClientTransformer from '#transformers/schedule/client_transformer'

/** /api/clients of spec 3. */
@inject()
export default class ClientsController {
  constructor(protected clients: Clients) {}

  async index({ request }: HttpContext) {
    const { search } = await request.validateUsing(clientListValidator)
    return serializer.serialize(ClientTransformer.transform(await this.clients.list(search)))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createClientValidator)
    const client = await this.clients.create(fields, scheduleUser)
    return response
      .status(201)
      .send(await serializer.serialize(ClientTransformer.transform(client)))
  }

  async show({ params }: HttpContext) {
    return serializer.serialize(ClientTransformer.transform(await this.clients.find(params.id)))
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateClientValidator)
    const client = await this.clients.update(params.id, fields, scheduleUser)
    return serializer.serialize(ClientTransformer.transform(client))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.clients.delete(params.id, scheduleUser)
    return { success: true }
  }
}
