import { BaseTransformer } from '@adonisjs/core/transformers'
import type { AccountSession } from '#services/sso/account_sessions'

/** One of the person's sessions on their security page, named by its handle (never its id). */
export default class AccountSessionTransformer extends BaseTransformer<AccountSession> {
  toObject() {
    return this.pick(this.resource, [
      'handle',
      'current',
      'ip',
      'userAgent',
      'method',
      'signedInAt',
    ])
  }
}
