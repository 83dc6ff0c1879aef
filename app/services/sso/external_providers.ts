import env from '#start/env'
import { appUrl } from '#config/app'

/** An external identity provider offered on the sign-in page. */
export type ExternalProvider = {
  id: string
  label: string
}

export const EXTERNAL_PROVIDER_IDS = ['oidc', 'github', 'google'] as const
export type ExternalProviderId = (typeof EXTERNAL_PROVIDER_IDS)[number]

/** What ally needs to talk to one provider on behalf of sso. */
export interface ProviderClient {
  label: string
  clientId: string
  clientSecret: string
  callbackUrl: string
}

/** The URL to register at each provider as sso's redirect (callback) URI. */
export function callbackUrlOf(id: ExternalProviderId) {
  return `${appUrl.replace(/\/+$/, '')}/auth/${id}/callback`
}

function client(
  id: ExternalProviderId,
  label: string,
  clientId: string | undefined,
  clientSecret: { release(): string } | string | undefined
): ProviderClient | null {
  // A value set in process.env after boot arrives as plain text, not a Secret.
  const secret = typeof clientSecret === 'string' ? clientSecret : clientSecret?.release()
  if (!clientId || !secret) {
    return null
  }
  return { label, clientId, clientSecret: secret, callbackUrl: callbackUrlOf(id) }
}

/*
 * Read from the environment each time they are asked for (every sign-in), not
 * once at boot: a provider is offered exactly when its variables are set, and
 * tests can point the generic provider at an issuer they start themselves.
 */
export const externalProviderSettings = {
  oidc(): (ProviderClient & { issuer: string }) | null {
    const issuer = env.get('OIDC_ISSUER')
    const settings = client(
      'oidc',
      env.get('OIDC_DISPLAY_NAME') || 'Single sign-on',
      env.get('OIDC_CLIENT_ID'),
      env.get('OIDC_CLIENT_SECRET')
    )
    return issuer && settings ? { ...settings, issuer } : null
  },

  github(): ProviderClient | null {
    return client('github', 'GitHub', env.get('GITHUB_CLIENT_ID'), env.get('GITHUB_CLIENT_SECRET'))
  },

  google(): ProviderClient | null {
    return client('google', 'Google', env.get('GOOGLE_CLIENT_ID'), env.get('GOOGLE_CLIENT_SECRET'))
  },
}

/** The settings of a provider, for its ally driver; it must be configured. */
export function requireProviderSettings<Id extends ExternalProviderId>(id: Id) {
  const settings = externalProviderSettings[id]() as ReturnType<
    (typeof externalProviderSettings)[Id]
  >
  if (!settings) {
    throw new Error(`The ${id} sign-in provider is not configured`)
  }
  return settings as NonNullable<typeof settings>
}

/** The configured provider with this id, or null (unknown or not configured). */
export function findProvider(id: string): (ExternalProvider & { id: ExternalProviderId }) | null {
  const known = EXTERNAL_PROVIDER_IDS.find((candidate) => candidate === id)
  const settings = known ? externalProviderSettings[known]() : null
  return known && settings ? { id: known, label: settings.label } : null
}

/** The providers configured in this deployment, in the order the sign-in page shows them. */
export function availableProviders(): ExternalProvider[] {
  return EXTERNAL_PROVIDER_IDS.flatMap((id) => {
    const provider = findProvider(id)
    return provider ? [{ id: provider.id, label: provider.label }] : []
  })
}
