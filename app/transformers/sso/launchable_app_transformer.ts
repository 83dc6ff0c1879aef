import { BaseTransformer } from '@adonisjs/core/transformers'
import type ConnectedApp from '#models/sso/connected_app'

/** A connected app on a person's apps page: its name and where to open it, no keys. */
export default class LaunchableAppTransformer extends BaseTransformer<ConnectedApp> {
  toObject() {
    return { id: this.resource.id, name: this.resource.name, homeUrl: this.resource.homeUrl() }
  }
}
