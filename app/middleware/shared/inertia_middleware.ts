import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import { appProfile } from '#config/app'
import env from '#start/env'

export default class InertiaMiddleware extends BaseInertiaMiddleware {
  share(ctx: HttpContext) {
    return {
      app: { id: appProfile.id, title: appProfile.title },
      brand: brand(),
      errors: this.getValidationErrors(ctx),
      flash: flashMessages(ctx),
    }
  }

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    const output = await next()
    this.dispose(ctx)
    return output
  }
}

/**
 * The product name and logo of this deployment, shown by every app's header
 * (AppShell). The apps are parts of one product, so they share one name.
 */
function brand(): { name: string; logoUrl: string | null } {
  return {
    name: env.get('BRAND_NAME') || 'Production Suite',
    logoUrl: env.get('BRAND_LOGO_URL') ?? null,
  }
}

/** One-off messages for the next page ("we sent you a link", "the link has expired"). */
function flashMessages(ctx: HttpContext): { notice: string | null; alert: string | null } {
  const messages = ctx.session?.flashMessages
  return {
    notice: (messages?.get('notice') as string | undefined) ?? null,
    alert: (messages?.get('alert') as string | undefined) ?? null,
  }
}

declare module '@adonisjs/inertia/types' {
  type MiddlewareSharedProps = InferSharedProps<InertiaMiddleware>
  export interface SharedProps extends MiddlewareSharedProps {}
}
