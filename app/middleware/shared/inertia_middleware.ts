import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import { appProfile } from '#config/app'

export default class InertiaMiddleware extends BaseInertiaMiddleware {
  share(ctx: HttpContext) {
    return {
      app: { id: appProfile.id, title: appProfile.title },
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
