import { randomBytes } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import { Oauth2Driver } from '@adonisjs/ally'
import type {
  AllyUserContract,
  ApiRequestContract,
  LiteralStringUnion,
  Oauth2AccessToken,
  Oauth2DriverConfig,
  RedirectRequestContract,
} from '@adonisjs/ally/types'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'

/**
 * A generic OpenID Connect driver for ally, which ships provider-specific
 * drivers only. Everything it needs comes from the issuer's discovery
 * document; the authorization code flow is protected by `state` (ally),
 * PKCE (S256) and a `nonce`, and the id_token is verified against the issuer's
 * published keys before any claim in it is believed.
 */

export type OidcScopes = 'openid' | 'email' | 'profile'

export interface OidcDriverConfig extends Oauth2DriverConfig {
  /** The issuer identifier, e.g. https://login.example.com/realms/crew */
  issuer: string
  scopes?: LiteralStringUnion<OidcScopes>[]
}

/** The claims sso reads from an OpenID Connect identity. */
export interface OidcClaims extends JWTPayload {
  sub: string
  email?: string
  email_verified?: boolean | string
  name?: string
  preferred_username?: string
  picture?: string
}

export type OidcToken = Oauth2AccessToken & {
  idToken: string
  /** The verified claims of the id_token. */
  claims: OidcClaims
}

/** The parts of the discovery document the driver relies on. */
interface IssuerMetadata {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  jwks_uri: string
  userinfo_endpoint?: string
  token_endpoint_auth_methods_supported?: string[]
}

/** Raised when the issuer or its answers cannot be trusted; never shown verbatim. */
export class OidcVerificationError extends Error {}

const DISCOVERY_TTL_MS = 60 * 60 * 1000
const HTTP_TIMEOUT_MS = 10_000
/** Clock skew tolerated between sso and the issuer when checking exp/iat. */
const CLOCK_TOLERANCE_S = 60

/*
 * Discovery documents and key sets are cached per process: they change rarely,
 * and fetching them on every sign-in would put the issuer on the hot path.
 * jose's remote key set refetches by itself when it meets an unknown key id.
 */
const discoveryCache = new Map<string, { metadata: IssuerMetadata; expiresAt: number }>()
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

function withoutTrailingSlash(url: string) {
  return url.replace(/\/+$/, '')
}

async function fetchJson(url: string, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { accept: 'application/json', ...init.headers },
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  })
  if (!response.ok) {
    throw new OidcVerificationError(`${url} answered ${response.status}`)
  }
  return (await response.json()) as Record<string, unknown>
}

export async function discoverIssuer(issuer: string): Promise<IssuerMetadata> {
  const cached = discoveryCache.get(issuer)
  if (cached && cached.expiresAt > Date.now()) {
    return cached.metadata
  }
  const document = await fetchJson(
    `${withoutTrailingSlash(issuer)}/.well-known/openid-configuration`
  )
  // Discovery 1.0, section 4.3: the document must name the issuer it was
  // fetched for, or a different party could be speaking for it.
  if (
    typeof document.issuer !== 'string' ||
    withoutTrailingSlash(document.issuer) !== withoutTrailingSlash(issuer)
  ) {
    throw new OidcVerificationError('the discovery document names another issuer')
  }
  for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof document[key] !== 'string') {
      throw new OidcVerificationError(`the discovery document has no ${key}`)
    }
  }
  const metadata = document as unknown as IssuerMetadata
  discoveryCache.set(issuer, { metadata, expiresAt: Date.now() + DISCOVERY_TTL_MS })
  return metadata
}

function keySetOf(jwksUri: string) {
  let keySet = keySets.get(jwksUri)
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: HTTP_TIMEOUT_MS })
    keySets.set(jwksUri, keySet)
  }
  return keySet
}

export function isEmailVerified(claims: Pick<OidcClaims, 'email_verified'>) {
  // Some issuers send the boolean as a string.
  return claims.email_verified === true || claims.email_verified === 'true'
}

export class OidcDriver extends Oauth2Driver<OidcToken, OidcScopes> {
  protected authorizeUrl = ''
  protected accessTokenUrl = ''
  protected stateCookieName = 'oidc_oauth_state'
  protected codeVerifierCookieName = 'oidc_oauth_verifier'
  protected nonceCookieName = 'oidc_oauth_nonce'
  protected stateParamName = 'state'
  protected errorParamName = 'error'
  protected codeParamName = 'code'
  protected scopeParamName = 'scope'
  protected scopesSeparator = ' '

  /** The nonce sent with the redirect that led to this callback. */
  protected nonceCookieValue?: string
  #metadata?: IssuerMetadata

  constructor(
    ctx: HttpContext,
    public config: OidcDriverConfig
  ) {
    super(ctx, config)
    this.loadState()
  }

  protected loadState() {
    super.loadState()
    if (this.isStateless) {
      return
    }
    this.nonceCookieValue = this.ctx.request.encryptedCookie(this.nonceCookieName)
    this.ctx.response.clearCookie(this.nonceCookieName)
  }

  protected async metadata() {
    this.#metadata ??= await discoverIssuer(this.config.issuer)
    this.authorizeUrl = this.#metadata.authorization_endpoint
    this.accessTokenUrl = this.#metadata.token_endpoint
    return this.#metadata
  }

  protected configureRedirectRequest(request: RedirectRequestContract<OidcScopes>) {
    request.scopes(this.config.scopes ?? ['openid', 'email', 'profile'])
    request.param('response_type', 'code')
    const nonce = randomBytes(32).toString('base64url')
    // Kept like ally's own state cookie: encrypted, and sent back on the
    // provider's redirect to the callback.
    this.ctx.response.encryptedCookie(this.nonceCookieName, nonce, {
      sameSite: false,
      httpOnly: true,
    })
    this.nonceCookieValue = nonce
    request.param('nonce', nonce)
  }

  /**
   * Client authentication at the token endpoint: HTTP Basic unless the issuer
   * says it only takes the secret in the body (Basic is the OIDC default).
   */
  protected configureAccessTokenRequest(request: ApiRequestContract) {
    const supported = this.#metadata?.token_endpoint_auth_methods_supported
    if (supported && !supported.includes('client_secret_basic')) {
      return
    }
    const credentials = [this.config.clientId, this.config.clientSecret]
      .map((part) => encodeURIComponent(part))
      .join(':')
    request.header('Authorization', `Basic ${Buffer.from(credentials).toString('base64')}`)
    request.clearField('client_secret')
  }

  async redirectUrl(callback?: (request: RedirectRequestContract<OidcScopes>) => void) {
    await this.metadata()
    return super.redirectUrl(callback)
  }

  accessDenied() {
    return this.getError() === 'access_denied'
  }

  /** Exchanges the code and verifies the id_token that comes with it. */
  async accessToken(callback?: (request: ApiRequestContract) => void): Promise<OidcToken> {
    const metadata = await this.metadata()
    const token = (await super.accessToken(callback)) as Oauth2AccessToken & {
      id_token?: unknown
    }
    if (typeof token.id_token !== 'string') {
      throw new OidcVerificationError('the token response carries no id_token')
    }
    const claims = await this.verifyIdToken(token.id_token, metadata)
    return { ...token, idToken: token.id_token, claims }
  }

  protected async verifyIdToken(idToken: string, metadata: IssuerMetadata) {
    const { payload } = await jwtVerify<OidcClaims>(idToken, keySetOf(metadata.jwks_uri), {
      issuer: metadata.issuer,
      audience: this.config.clientId,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: CLOCK_TOLERANCE_S,
    })
    // Core 1.0, 3.1.3.7: with several audiences, azp must name this client.
    if (
      Array.isArray(payload.aud) &&
      payload.aud.length > 1 &&
      payload.azp !== this.config.clientId
    ) {
      throw new OidcVerificationError('the id_token was issued to another party')
    }
    if (!this.isStateless) {
      if (!this.nonceCookieValue || payload.nonce !== this.nonceCookieValue) {
        throw new OidcVerificationError('the id_token nonce does not match this sign-in')
      }
    }
    return payload
  }

  /**
   * The userinfo endpoint: used when the id_token leaves out email claims
   * (many issuers put only `sub` there in the code flow).
   */
  protected async userInfo(accessToken: string): Promise<Partial<OidcClaims>> {
    const metadata = await this.metadata()
    if (!metadata.userinfo_endpoint) {
      return {}
    }
    return (await fetchJson(metadata.userinfo_endpoint, {
      headers: { authorization: `Bearer ${accessToken}` },
    })) as Partial<OidcClaims>
  }

  async user(
    callback?: (request: ApiRequestContract) => void
  ): Promise<AllyUserContract<OidcToken>> {
    const token = await this.accessToken(callback)
    let claims: OidcClaims = token.claims
    if (claims.email === undefined || claims.email_verified === undefined) {
      const extra = await this.userInfo(token.token)
      // Core 1.0, 5.3.2: userinfo must describe the same subject.
      if (extra.sub !== undefined && extra.sub !== claims.sub) {
        throw new OidcVerificationError('userinfo describes another subject')
      }
      claims = { ...extra, ...claims }
      // The address and its verification flag are taken as a pair, from one source.
      if (extra.email !== undefined) {
        claims.email = extra.email
        claims.email_verified = extra.email_verified
      }
    }
    return { ...toAllyUser(claims), token }
  }

  async userFromToken(accessToken: string) {
    const claims = await this.userInfo(accessToken)
    if (typeof claims.sub !== 'string') {
      throw new OidcVerificationError('userinfo has no subject')
    }
    return {
      ...toAllyUser(claims as OidcClaims),
      token: { token: accessToken, type: 'bearer' as const },
    }
  }
}

function toAllyUser(claims: OidcClaims) {
  const email = typeof claims.email === 'string' ? claims.email : null
  return {
    id: claims.sub,
    nickName: claims.preferred_username ?? claims.name ?? email ?? claims.sub,
    name: claims.name ?? claims.preferred_username ?? '',
    email,
    emailVerificationState: (email === null
      ? 'unsupported'
      : isEmailVerified(claims)
        ? 'verified'
        : 'unverified') as 'verified' | 'unverified' | 'unsupported',
    avatarUrl: claims.picture ?? null,
    original: claims,
  }
}
