import type { ApplicationService } from '@adonisjs/core/types'
import { SsoClient } from '#services/shared/relying_party/sso_client'

/**
 * Binds the sso client of a relying app (transfer, schedule) from its
 * environment. Tests swap the binding to point at a loopback sso.
 */
export default class RelyingPartyProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(SsoClient, async () => {
      const { default: env } = await import('#start/env')
      return new SsoClient(
        env.get('SSO_BASE_URL') ?? 'http://localhost:3333',
        env.get('SSO_API_KEY') ?? ''
      )
    })
  }
}
