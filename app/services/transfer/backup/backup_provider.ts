/*
 * What transfer's backup needs from a file-sync provider. Routes, jobs and
 * pages talk to this interface only; `dropbox_provider.ts` is the one
 * implementation. A second provider implements these two types and its own
 * errors-to-these-errors mapping, nothing else.
 */

export type BackupAccount = { id: string; name: string; email: string }

export type ProviderEntry = {
  kind: 'folder' | 'file'
  name: string
  /** The provider's path as it displays it ("/Backups/Clients"). */
  path: string
  /** Files only. */
  size: number | null
  modifiedAt: string | null
}

/** One page of a folder's entries; `cursor` asks for the next page, null on the last. */
export type ProviderPage = { entries: ProviderEntry[]; cursor: string | null }

/** The provider app's credentials an admin enters in Settings. */
export type ProviderCredentials = { appKey: string; appSecret: string }

export interface BackupProvider {
  /** The provider's name, as people read it ("Dropbox"). */
  readonly label: string
  /**
   * Where to send the admin to allow access; `state` comes back unchanged.
   * Without a redirect address the provider shows the code to paste (the
   * command line's way).
   */
  authorizeUrl(
    credentials: ProviderCredentials,
    redirectUri: string | null,
    state: string | null
  ): Promise<string>
  /** Trades the code from the provider's redirect (or pasted) for a long-lived refresh token. */
  connect(
    credentials: ProviderCredentials,
    code: string,
    redirectUri: string | null
  ): Promise<{ refreshToken: string; account: BackupAccount }>
  /** A client acting for one connected account. */
  connection(credentials: ProviderCredentials, refreshToken: string): ProviderConnection
}

/**
 * Calls for one connected account. An access token that expires mid-way is
 * refreshed and the call sent again, inside the connection: callers never
 * see an expired token, only the errors below.
 */
export interface ProviderConnection {
  account(): Promise<BackupAccount>
  list(folder: string, cursor?: string | null): Promise<ProviderPage>
  createFolder(path: string): Promise<ProviderEntry>
  /** Opens an upload session with its first bytes; answers the session's id. */
  startUpload(firstChunk: Buffer): Promise<string>
  /** Adds bytes at `offset`; `ProviderOffsetMismatch` says where the provider is. */
  appendUpload(sessionId: string, offset: number, chunk: Buffer): Promise<void>
  /** Where the provider's session really is: `offset` if it agrees, else its own. */
  committedOffset(sessionId: string, offset: number): Promise<number>
  /** Closes the session into a file at `path` (renamed if a file is there). */
  finishUpload(sessionId: string, offset: number, path: string): Promise<ProviderEntry>
  /** A link anyone can download one file from, for a few hours. */
  temporaryLink(path: string): Promise<string>
  /** Ends the connection at the provider (the refresh token stops working). */
  revoke(): Promise<void>
}

/** The provider no longer accepts the connection (revoked, unlinked): an admin must reconnect. */
export class ProviderAccessRevoked extends Error {
  constructor(detail: string) {
    super(
      `The backup provider no longer accepts this connection (${detail}). Reconnect it in Settings.`
    )
  }
}

/** The provider's upload session holds a different number of bytes than we sent. */
export class ProviderOffsetMismatch extends Error {
  constructor(readonly correctOffset: number) {
    super(`The backup provider holds ${correctOffset} bytes of this upload`)
  }
}

/** The upload session is gone at the provider (expired after days, or finished): start again. */
export class ProviderSessionGone extends Error {
  constructor() {
    super('The backup provider no longer has this upload session')
  }
}

/** The provider refused the app's key or secret. */
export class ProviderCredentialsRefused extends Error {
  constructor(detail: string) {
    super(`The backup provider refused the app key or secret (${detail})`)
  }
}

/** A path or folder the provider does not have. */
export class ProviderNotFound extends Error {
  constructor(path: string) {
    super(`The backup provider has nothing at ${path}`)
  }
}

/** The provider is down or busy (5xx, 429, network): try again later. */
export class ProviderUnavailable extends Error {
  constructor(
    detail: string,
    readonly retryAfterSeconds: number | null = null
  ) {
    super(`The backup provider is not answering (${detail})`)
  }
}
