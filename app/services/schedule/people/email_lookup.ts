import type { ScheduleUsers } from '#services/schedule/people/schedule_users'
import { serializer } from '#services/shared/serialize'
import AppUserTransformer from '#transformers/schedule/app_user_transformer'

/**
 * Whether an email already belongs to someone (GET /api/auth/lookup-email,
 * the invite form; `schedule:users:lookup`): found, someone has it;
 * alreadyRegistered, they have signed in through sso.
 */
export async function lookUpEmail(users: ScheduleUsers, email: string) {
  const user = await users.findByEmail(email)
  if (!user) {
    return { found: false, alreadyRegistered: false }
  }
  return {
    found: true,
    alreadyRegistered: user.ssoUserId !== 0,
    user: await serializer.serialize(AppUserTransformer.transform(user)),
  }
}
