import { inject } from '@adonisjs/core'
import type { Session } from '@adonisjs/session'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'
import { toSessionUser } from '#services/schedule/people/schedule_sign_in'
import SessionUserTransformer from '#transformers/schedule/session_user_transformer'

/**
 * Who is looking at a signed-in page. Read from app_users on every visit (not
 * only the session), so a removed person is sent to sign in and a role change
 * shows at once; `user` is the prop every signed-in page carries.
 */
@inject()
export class PageViewer {
  constructor(protected users: ScheduleUsers) {}

  /** null when nobody (or a removed person) is signed in. */
  async of(session: Session) {
    const person = await this.users.signedIn(session)
    if (!person) {
      return null
    }
    return { person, user: SessionUserTransformer.transform(toSessionUser(person)) }
  }
}

/** The `user` prop of a signed-in page. */
export type PageUser = NonNullable<Awaited<ReturnType<PageViewer['of']>>>['user']
