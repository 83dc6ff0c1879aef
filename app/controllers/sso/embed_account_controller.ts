import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { passwordChangeValidator, profileValidator } from '#validators/sso/account_validators'
import { EmbedAccess } from '#services/sso/embed_access'
import { serializer } from '#services/shared/serialize'
import WidgetProfileTransformer from '#transformers/sso/widget_profile_transformer'
import { AccountProfile } from '#services/sso/account_profile'
import { PasswordChanges } from '#services/sso/password_changes'
import { CurrentPassword, WRONG_CURRENT_PASSWORD } from '#services/sso/current_password'
import { requestOrigin } from '#services/sso/audit_log'

/**
 * The widget's JSON calls. They carry the embed token as a Bearer header
 * instead of sso's session cookie (a third-party frame does not get it), so
 * they sit outside the session and CSRF group: no cookie, nothing to forge.
 */
export default class EmbedAccountController {
  @inject()
  async show({ request, response }: HttpContext, access: EmbedAccess) {
    const { user } = await access.authenticate(request.header('authorization'))
    response.header('Cache-Control', 'no-store')
    return serializer.serialize({ profile: WidgetProfileTransformer.transform(user) })
  }

  @inject()
  async update(ctx: HttpContext, access: EmbedAccess, profiles: AccountProfile) {
    const { user } = await access.authenticate(ctx.request.header('authorization'))
    const input = await ctx.request.validateUsing(profileValidator)
    await profiles.update(user, input, requestOrigin(ctx))
    return {
      profile: await serializer.serialize(WidgetProfileTransformer.transform(user)),
      user: user.toIdentity(),
    }
  }

  @inject()
  async changePassword(
    ctx: HttpContext,
    access: EmbedAccess,
    passwords: PasswordChanges,
    current: CurrentPassword
  ) {
    const { user } = await access.authenticate(ctx.request.header('authorization'))
    const { currentPassword, newPassword } =
      await ctx.request.validateUsing(passwordChangeValidator)
    const result = (await current.matches(ctx, user, currentPassword))
      ? await passwords.change(user, newPassword, requestOrigin(ctx))
      : { field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }
    if ('field' in result) {
      throw new vineErrors.E_VALIDATION_ERROR([
        { field: result.field, message: result.message, rule: 'password' },
      ])
    }
    return { changed: true }
  }
}
