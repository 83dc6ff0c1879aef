import { BaseTransformer } from '@adonisjs/core/transformers'
import type Client from '#models/schedule/client'

/** A client (spec 3, clients): every column, timestamps as ISO 8601. */
export default class ClientTransformer extends BaseTransformer<Client> {
  toObject() {
    const client = this.resource
    return {
      ...this.pick(client, ['id', 'name', 'contactName', 'email', 'phone', 'notes']),
      createdAt: client.createdAt.toISO()!,
      updatedAt: client.updatedAt?.toISO() ?? null,
    }
  }
}
