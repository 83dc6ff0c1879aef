import type AppUser from '#models/schedule/app_user'
import { toSessionUser } from '#services/schedule/people/schedule_sign_in'
import SessionUserTransformer from '#transformers/schedule/session_user_transformer'

/**
 * The `user` prop of every signed-in page: the person as the signedInPage
 * guard read them from app_users on this visit, so a role change shows at once.
 */
export function pageUser(person: AppUser) {
  return SessionUserTransformer.transform(toSessionUser(person))
}
