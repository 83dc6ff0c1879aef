import { BaseTransformer } from '@adonisjs/core/transformers'
import type { TransferSessionUser } from '#services/transfer/transfer_sign_in'

/** The signed-in person as the session holds them (spec 2: GET /api/auth/me). */
export default class SessionUserTransformer extends BaseTransformer<TransferSessionUser> {
  toObject() {
    return this.pick(this.resource, ['userId', 'email', 'displayName', 'avatar', 'role'])
  }
}
