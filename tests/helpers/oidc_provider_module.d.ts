/*
 * The part of oidc-provider (which ships no types) that tests/helpers/oidc_provider.ts uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface OidcAccount {
    accountId: string
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>
  }

  export interface OidcGrant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export interface ProviderContext {
    method: string
    path: string
    status: number
    body: unknown
    type: string
    req: IncomingMessage
    res: ServerResponse
    redirect(url: string): void
    oidc: {
      provider: Provider
      client?: { clientId: string }
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined }
      params?: Record<string, unknown>
      result?: { consent?: { grantId?: string } }
    }
  }

  export interface InteractionDetails {
    uid: string
    prompt: { name: string; reasons: string[] }
    params: Record<string, unknown>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    issuer: string
    proxy: boolean
    use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): this
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    on(event: string, listener: (...args: unknown[]) => void): this
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean }
    ): Promise<string>
    Grant: {
      new (properties: { accountId: string; clientId: string }): OidcGrant
      find(id: string): Promise<OidcGrant | undefined>
    }
  }
}
