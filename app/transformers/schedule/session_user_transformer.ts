import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ScheduleSessionUser } from '#services/schedule/people/schedule_session'

/** The signed-in person as every schedule page receives it (the `user` prop; spec 3, section 2). */
export default class SessionUserTransformer extends BaseTransformer<ScheduleSessionUser> {
  toObject() {
    return this.pick(this.resource, [
      'userId',
      'ssoUserId',
      'email',
      'displayName',
      'avatarUrl',
      'role',
    ])
  }
}
