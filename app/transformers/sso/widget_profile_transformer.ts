import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/sso/user'

/** What the embeddable widget's profile section shows and edits. */
export default class WidgetProfileTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return {
      email: user.email,
      username: user.username,
      name: user.name,
      displayName: user.displayName,
      avatar: user.avatarUrl,
      twoFactorEnabled: user.hasTotp,
    }
  }
}
