import { BaseTransformer } from '@adonisjs/core/transformers'
import type ConnectedApp from '#models/sso/connected_app'

/** A connected app as admins and operators see it; the secretKey is never part of it. */
export default class ConnectedAppTransformer extends BaseTransformer<ConnectedApp> {
  toObject() {
    const app = this.resource
    return {
      id: app.id,
      name: app.name,
      apiKey: app.apiKey,
      redirectUris: app.redirectUris,
      enabled: app.enabled,
      createdAt: app.createdAt.toISO(),
      updatedAt: app.updatedAt?.toISO() ?? null,
    }
  }
}
