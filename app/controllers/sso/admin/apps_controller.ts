import { inject } from '@adonisjs/core'
import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { serializer } from '#services/shared/serialize'
import { appUrl } from '#config/app'
import ConnectedAppTransformer from '#transformers/sso/connected_app_transformer'
import type ConnectedApp from '#models/sso/connected_app'
import { dashboardActor } from '#services/sso/admin_actor'
import { appChangesValidator, newAppValidator } from '#validators/sso/admin_validators'

/** The Connected Apps page of the admin dashboard (spec 1, section 2) and its JSON API. */
@inject()
export default class AppsController {
  constructor(protected registry: ConnectedAppRegistry) {}

  async index({ inertia }: HttpContext) {
    const apps = await this.registry.list()
    return inertia.render('sso/admin/apps', {
      isAdmin: true,
      apps: ConnectedAppTransformer.transform(apps),
      // What relying apps call SSO_BASE_URL: where they send people to sign in.
      signInAddress: appUrl,
    })
  }

  list() {
    return this.registry.listing()
  }

  /** The secretKey is in this answer and nowhere else, ever. */
  async store(ctx: HttpContext) {
    const { name, redirectUris } = await ctx.request.validateUsing(newAppValidator)
    const { app, secretKey } = await this.registry.create(name, redirectUris, dashboardActor(ctx))
    ctx.response.header('cache-control', 'no-store')
    return ctx.response.status(201).send(await appAnswer(app, { secretKey }))
  }

  async update(ctx: HttpContext) {
    const app = await this.#find(ctx)
    const changes = await ctx.request.validateUsing(appChangesValidator)
    await this.registry.update(app, changes, dashboardActor(ctx))
    return appAnswer(app)
  }

  async rotateSecret(ctx: HttpContext) {
    const app = await this.#find(ctx)
    const secretKey = await this.registry.rotateSecret(app, dashboardActor(ctx))
    ctx.response.header('cache-control', 'no-store')
    return appAnswer(app, { secretKey })
  }

  async disable(ctx: HttpContext) {
    const app = await this.registry.setEnabled(await this.#find(ctx), false, dashboardActor(ctx))
    return appAnswer(app)
  }

  async enable(ctx: HttpContext) {
    const app = await this.registry.setEnabled(await this.#find(ctx), true, dashboardActor(ctx))
    return appAnswer(app)
  }

  async destroy(ctx: HttpContext) {
    await this.registry.delete(await this.#find(ctx), dashboardActor(ctx))
    return ctx.response.noContent()
  }

  async #find({ params }: HttpContext) {
    const app = await this.registry.find(Number(params.id))
    if (!app) {
      throw new Exception('Connected app not found', { status: 404 })
    }
    return app
  }
}

/** A change's answer: the app as it is now, and its new secretKey when one was made. */
async function appAnswer(app: ConnectedApp, extra: { secretKey?: string } = {}) {
  return { app: await serializer.serialize(ConnectedAppTransformer.transform(app)), ...extra }
}
