import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import {
  avatarValidator,
  emailChangeValidator,
  profileValidator,
} from '#validators/sso/account_validators'
import { AccountProfile } from '#services/sso/account_profile'
import { EmailChanges } from '#services/sso/email_changes'
import { CurrentPassword, WRONG_CURRENT_PASSWORD } from '#services/sso/current_password'
import { requestOrigin } from '#services/sso/audit_log'
import { rejectField } from '#validators/sso/field_errors'
import { serializer } from '#services/shared/serialize'
import ProfileTransformer from '#transformers/sso/profile_transformer'
import type User from '#models/sso/user'

/** The person's own profile: name, display name, username, avatar and email. */
export default class AccountController {
  async show({ inertia, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    return inertia.render('sso/account', { profile: ProfileTransformer.transform(user) })
  }

  @inject()
  async updateProfile(ctx: HttpContext, profiles: AccountProfile) {
    const input = await ctx.request.validateUsing(profileValidator)
    const user = await profiles.update(ctx.auth.getUserOrFail(), input, requestOrigin(ctx))
    return profileAnswer(user)
  }

  @inject()
  async uploadAvatar(ctx: HttpContext, profiles: AccountProfile) {
    const { avatar } = await ctx.request.validateUsing(avatarValidator)
    const user = await profiles.setAvatar(ctx.auth.getUserOrFail(), avatar, requestOrigin(ctx))
    return profileAnswer(user)
  }

  @inject()
  async removeAvatar(ctx: HttpContext, profiles: AccountProfile) {
    const user = await profiles.removeAvatar(ctx.auth.getUserOrFail(), requestOrigin(ctx))
    return profileAnswer(user)
  }

  @inject()
  async requestEmailChange(ctx: HttpContext, emails: EmailChanges, current: CurrentPassword) {
    const user = ctx.auth.getUserOrFail()
    const { email, currentPassword } = await ctx.request.validateUsing(emailChangeValidator)
    if (!(await current.matches(ctx, user, currentPassword))) {
      rejectField('currentPassword', WRONG_CURRENT_PASSWORD)
    }
    const result = await emails.request(user, email)
    if ('field' in result) {
      rejectField(result.field, result.message)
    }
    return {
      message: `We sent a link to ${email}. Your email changes once you open it.`,
    }
  }

  @inject()
  async confirmEmail(ctx: HttpContext, emails: EmailChanges) {
    const user = await emails.confirm(ctx.params.token, requestOrigin(ctx))
    if (user) {
      ctx.session.flash('notice', `Your email address is now ${user.email}.`)
    } else {
      ctx.session.flash('alert', 'This confirmation link is not valid any more.')
    }
    return ctx.response.redirect((await ctx.auth.check()) ? '/profile' : '/login')
  }
}

/** The profile routes' answer: `{ profile }` after the change. */
function profileAnswer(user: User) {
  return serializer.serialize({ profile: ProfileTransformer.transform(user) })
}
