import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { appUrl } from '#config/app'
import { setCspDirective } from '#services/shared/content_security_policy'
import { embedPageValidator } from '#validators/sso/embed_validators'
import { EmbedAccess } from '#services/sso/embed_access'
import WidgetProfileTransformer from '#transformers/sso/widget_profile_transformer'

export default class EmbedWidgetController {
  /**
   * GET /embed: the account widget, framed by the app the token was issued
   * to. Only that app's registered origins may frame it (the policy's
   * frame-ancestors, which replaces X-Frame-Options here); any other page of
   * sso, and this one with a bad token, keeps frame-ancestors 'none'.
   */
  @inject()
  async show({ request, response, inertia }: HttpContext, access: EmbedAccess) {
    response.header('Cache-Control', 'no-store')
    const [invalid, query] = await embedPageValidator.tryValidate(request.qs())
    const opened = invalid
      ? { rejected: 'This widget link is not valid.' }
      : await access.open(query.token)
    if ('rejected' in opened) {
      response.status(401)
      return inertia.render('sso/embed_error', { message: opened.rejected })
    }
    const origins = [...new Set(opened.app.origins())]
    setCspDirective(response, 'frame-ancestors', origins)
    response.removeHeader('X-Frame-Options')
    return inertia.render('sso/embed', {
      token: query!.token!,
      section: query!.section ?? 'profile',
      tabs: query!.tabs !== 'false',
      allowedOrigins: origins,
      appName: opened.app.name,
      profile: WidgetProfileTransformer.transform(opened.user),
      securityUrl: `${appUrl}/security`,
    })
  }
}
