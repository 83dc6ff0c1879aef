import { Dropbox, DropboxAuth, DropboxResponseError, type files } from 'dropbox'
import {
  ProviderAccessRevoked,
  ProviderCredentialsRefused,
  ProviderNotFound,
  ProviderOffsetMismatch,
  ProviderSessionGone,
  ProviderUnavailable,
  type BackupAccount,
  type BackupProvider,
  type ProviderConnection,
  type ProviderCredentials,
  type ProviderEntry,
  type ProviderPage,
} from '#services/transfer/backup/backup_provider'

/** Dropbox's three hosts; configurable so tests (and a proxy) can stand in for them. */
export type DropboxHosts = { www: string; api: string; content: string }

export const DROPBOX_HOSTS: DropboxHosts = {
  www: 'https://www.dropbox.com',
  api: 'https://api.dropboxapi.com',
  content: 'https://content.dropboxapi.com',
}

/**
 * The SDK fixes Dropbox's hosts in its code; its `fetch` option is the one
 * way in. This fetch sends each real host to the configured one (unchanged
 * in production).
 */
function hostMappingFetch(hosts: DropboxHosts): typeof fetch {
  const map: [string, string][] = [
    [DROPBOX_HOSTS.api, hosts.api],
    [DROPBOX_HOSTS.content, hosts.content],
  ]
  return (input, init) => {
    let url = String(input)
    for (const [real, configured] of map) {
      if (url.startsWith(`${real}/`)) {
        url = configured + url.slice(real.length)
        break
      }
    }
    return fetch(url, init)
  }
}

/** The tag path of a Dropbox route error ("lookup_failed/incorrect_offset/..") */
function summary(error: DropboxResponseError<unknown>): string {
  const body = error.error as { error_summary?: string } | string | undefined
  return typeof body === 'object' && body?.error_summary ? body.error_summary : String(body ?? '')
}

function entryOf(metadata: files.MetadataReference): ProviderEntry {
  const isFile = metadata['.tag'] === 'file'
  const file = metadata as files.FileMetadataReference
  return {
    kind: isFile ? 'file' : 'folder',
    name: metadata.name,
    path: metadata.path_display ?? metadata.name,
    size: isFile ? file.size : null,
    modifiedAt: isFile ? file.server_modified : null,
  }
}

/**
 * What the provider's errors mean for the backup: a refused token or key, a
 * session that moved on or is gone, a missing path, or a provider that is
 * not answering (worth retrying). Anything else is passed on unchanged.
 */
function translate(error: unknown, path = ''): unknown {
  if (!(error instanceof DropboxResponseError)) {
    // fetch failed: the provider could not be reached.
    return error instanceof TypeError ? new ProviderUnavailable(error.message) : error
  }
  const tags = summary(error)
  if (error.status === 409) {
    const details = (error.error as { error?: Record<string, unknown> }).error ?? {}
    const lookup = (details.lookup_failed ?? details) as { correct_offset?: number }
    if (tags.includes('incorrect_offset') && typeof lookup.correct_offset === 'number') {
      return new ProviderOffsetMismatch(lookup.correct_offset)
    }
    if (/^(lookup_failed\/)?(not_found|closed|not_closed)/.test(tags)) {
      return new ProviderSessionGone()
    }
    if (tags.includes('not_found')) {
      return new ProviderNotFound(path)
    }
  }
  if (error.status === 429 || error.status >= 500) {
    const retryAfter = Number(error.headers?.get?.('retry-after'))
    return new ProviderUnavailable(
      `HTTP ${error.status}`,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null
    )
  }
  if (error.status === 400 && typeof error.error === 'object' && error.error) {
    const oauth = error.error as { error?: string; error_description?: string }
    if (oauth.error === 'invalid_grant') {
      return new ProviderAccessRevoked(oauth.error_description ?? oauth.error)
    }
    if (oauth.error === 'invalid_client') {
      return new ProviderCredentialsRefused(oauth.error_description ?? oauth.error)
    }
  }
  if (error.status === 401 && !tags.startsWith('expired_access_token')) {
    return new ProviderAccessRevoked(tags || 'unauthorized')
  }
  return error
}

class DropboxConnection implements ProviderConnection {
  readonly #auth: DropboxAuth
  readonly #client: Dropbox

  constructor(
    credentials: ProviderCredentials,
    refreshToken: string,
    hosts: DropboxHosts,
    /** An access token already in hand (right after connecting), saving one refresh. */
    accessToken?: { token: string; expiresAt: Date }
  ) {
    const mappedFetch = hostMappingFetch(hosts)
    this.#auth = new DropboxAuth({
      clientId: credentials.appKey,
      clientSecret: credentials.appSecret,
      refreshToken,
      accessToken: accessToken?.token,
      accessTokenExpiresAt: accessToken?.expiresAt,
      fetch: mappedFetch,
    })
    this.#client = new Dropbox({ auth: this.#auth, fetch: mappedFetch })
  }

  /**
   * One call, with the access token refreshed when Dropbox says it expired
   * and the same call sent again (same bytes, same offset): the SDK refreshes
   * only by the clock, and a token can end before its announced lifetime.
   */
  async #call<T>(send: () => Promise<{ result: T }>, path?: string): Promise<T> {
    try {
      try {
        const { result } = await send()
        return result
      } catch (error) {
        if (
          !(error instanceof DropboxResponseError) ||
          error.status !== 401 ||
          !summary(error).startsWith('expired_access_token')
        ) {
          throw error
        }
        await this.#auth.refreshAccessToken()
        const { result } = await send()
        return result
      }
    } catch (error) {
      throw translate(error, path)
    }
  }

  async account(): Promise<BackupAccount> {
    const account = await this.#call(() => this.#client.usersGetCurrentAccount())
    return { id: account.account_id, name: account.name.display_name, email: account.email }
  }

  async list(folder: string, cursor?: string | null): Promise<ProviderPage> {
    const page = await this.#call(
      () =>
        cursor
          ? this.#client.filesListFolderContinue({ cursor })
          : this.#client.filesListFolder({ path: folder === '/' ? '' : folder, limit: 200 }),
      folder
    )
    return { entries: page.entries.map(entryOf), cursor: page.has_more ? page.cursor : null }
  }

  async createFolder(path: string): Promise<ProviderEntry> {
    const created = await this.#call(
      () => this.#client.filesCreateFolderV2({ path, autorename: false }),
      path
    )
    return entryOf({ '.tag': 'folder', ...created.metadata })
  }

  async startUpload(firstChunk: Buffer): Promise<string> {
    const started = await this.#call(() =>
      this.#client.filesUploadSessionStart({ contents: firstChunk, close: false })
    )
    return started.session_id
  }

  async appendUpload(sessionId: string, offset: number, chunk: Buffer): Promise<void> {
    await this.#call(() =>
      this.#client.filesUploadSessionAppendV2({
        cursor: { session_id: sessionId, offset },
        contents: chunk,
        close: false,
      })
    )
  }

  async committedOffset(sessionId: string, offset: number): Promise<number> {
    // An empty append at the offset we believe in: Dropbox either accepts it
    // (nothing changes) or says where the session really is.
    try {
      await this.appendUpload(sessionId, offset, Buffer.alloc(0))
      return offset
    } catch (error) {
      if (error instanceof ProviderOffsetMismatch) {
        return error.correctOffset
      }
      throw error
    }
  }

  async finishUpload(sessionId: string, offset: number, path: string): Promise<ProviderEntry> {
    const file = await this.#call(
      () =>
        this.#client.filesUploadSessionFinish({
          cursor: { session_id: sessionId, offset },
          commit: { path, mode: { '.tag': 'add' }, autorename: true, mute: true },
          contents: Buffer.alloc(0),
        }),
      path
    )
    return entryOf({ '.tag': 'file', ...file })
  }

  async temporaryLink(path: string): Promise<string> {
    const found = await this.#call(() => this.#client.filesGetTemporaryLink({ path }), path)
    return found.link
  }

  async revoke(): Promise<void> {
    await this.#call(() => this.#client.authTokenRevoke())
  }
}

/** Dropbox through its official SDK (OAuth 2 "offline" access: a refresh token). */
export class DropboxProvider implements BackupProvider {
  readonly label = 'Dropbox'

  constructor(readonly hosts: DropboxHosts = DROPBOX_HOSTS) {}

  #auth(credentials: ProviderCredentials) {
    return new DropboxAuth({
      clientId: credentials.appKey,
      clientSecret: credentials.appSecret,
      fetch: hostMappingFetch(this.hosts),
    })
  }

  /**
   * Built here rather than by the SDK, which writes the redirect address
   * into the query without encoding it.
   */
  async authorizeUrl(
    credentials: ProviderCredentials,
    redirectUri: string | null,
    state: string | null
  ) {
    const query = new URLSearchParams({
      client_id: credentials.appKey,
      response_type: 'code',
      token_access_type: 'offline',
    })
    if (redirectUri) query.set('redirect_uri', redirectUri)
    if (state) query.set('state', state)
    return `${this.hosts.www}/oauth2/authorize?${query}`
  }

  async connect(credentials: ProviderCredentials, code: string, redirectUri: string | null) {
    let tokens: { refresh_token: string; access_token: string; expires_in: number }
    try {
      const answer = await this.#auth(credentials).getAccessTokenFromCode(
        redirectUri as string,
        code
      )
      tokens = answer.result as typeof tokens
    } catch (error) {
      const translated = translate(error)
      // A code that is used, expired or for another redirect is not a revoked connection.
      throw translated instanceof ProviderAccessRevoked
        ? new ProviderCredentialsRefused('the sign-in code was not accepted')
        : translated
    }
    const connection = new DropboxConnection(credentials, tokens.refresh_token, this.hosts, {
      token: tokens.access_token,
      expiresAt: new Date(Date.now() + tokens.expires_in * 1000),
    })
    return { refreshToken: tokens.refresh_token, account: await connection.account() }
  }

  connection(credentials: ProviderCredentials, refreshToken: string): ProviderConnection {
    return new DropboxConnection(credentials, refreshToken, this.hosts)
  }
}
