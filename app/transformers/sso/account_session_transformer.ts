import { BaseTransformer } from '@adonisjs/core/transformers'
import type { AccountSession } from '#services/sso/account_sessions'
import { deviceName } from '#services/shared/device_names'

/**
 * One of the person's sessions, named by its handle (never its id). The
 * security page (`forPage`) also gets the device's name ("Chrome on Linux").
 */
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

  forPage() {
    return { ...this.toObject(), device: deviceName(this.resource.userAgent) }
  }
}
