import { randomBytes } from 'node:crypto'
import User from '#models/sso/user'
import ConnectedApp from '#models/sso/connected_app'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { UserAccounts } from '#services/sso/user_accounts'
import type { SeedResult } from '#services/shared/local_stack'

export interface DemoAppInput {
  name: string
  redirectUris: string[]
}

/**
 * The demo data of the local stack: an admin with a random password (shown
 * once) and the connected apps. It never seeds over existing people: a second
 * run only reports the apps that exist.
 */
export class DemoSeed {
  async run(adminEmail: string, apps: DemoAppInput[]): Promise<SeedResult> {
    if (await User.query().first()) {
      const existing = await ConnectedApp.query().orderBy('id')
      return {
        seeded: false,
        apps: existing.map((app) => ({
          name: app.name,
          apiKey: app.apiKey,
          redirectUris: app.redirectUris,
        })),
      }
    }

    const password = randomBytes(12).toString('base64url')
    await new UserAccounts().create({
      email: adminEmail,
      password,
      displayName: 'Demo Admin',
      isAdmin: true,
      emailVerified: true,
    })
    const registry = new ConnectedAppRegistry()
    const created = []
    for (const input of apps) {
      const { app, secretKey } = await registry.create(input.name, input.redirectUris)
      created.push({
        name: app.name,
        apiKey: app.apiKey,
        secretKey,
        redirectUris: app.redirectUris,
      })
    }
    return { seeded: true, admin: { email: adminEmail, password }, apps: created }
  }
}
