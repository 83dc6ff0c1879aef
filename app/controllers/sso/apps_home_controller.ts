import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import LaunchableAppTransformer from '#transformers/sso/launchable_app_transformer'

/** sso's home: where a person who signed in here directly goes on to their apps. */
export default class AppsHomeController {
  @inject()
  async show({ inertia, auth }: HttpContext, registry: ConnectedAppRegistry) {
    const user = auth.getUserOrFail()
    return inertia.render('sso/home', {
      isAdmin: user.isAdmin,
      displayName: user.toIdentity().displayName,
      apps: LaunchableAppTransformer.transform(await registry.listEnabled()),
    })
  }
}
