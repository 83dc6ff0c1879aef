import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'

/**
 * Dropbox on loopback: the part transfer's backup uses (OAuth 2 with refresh
 * tokens, the account, folder listing with cursors, upload sessions, finished
 * files, temporary links, revocation), answering like Dropbox does, refusals
 * included: the same statuses, `{ error_summary, error: { '.tag' } }` bodies
 * for route errors (409) and token errors (401), plain-text 400s for a bad
 * request, and `{ error, error_description }` from the token endpoint.
 *
 * Dropbox has three hosts; the client maps each to a prefix of this fake's
 * address (`/www` for www.dropbox.com, `/api` for api.dropboxapi.com,
 * `/content` for content.dropboxapi.com), so a call sent to the wrong host
 * fails here as it would there. Uploaded bytes go to a temporary folder, never
 * into memory, so gigabyte backups can be tested. See tests/fakes/README.md.
 */

export interface ReceivedRequest {
  method: string
  /** The host the request was meant for ('www', 'api' or 'content') and its path. */
  host: string
  path: string
  query: Record<string, string>
  /** Lower-case names. */
  headers: Record<string, string>
  /** RPC bodies parsed as JSON; upload bodies are only counted (`bodyBytes`). */
  body: unknown
  bodyBytes: number
  /** The parsed Dropbox-API-Arg header of upload and download calls. */
  arg: unknown
}

/** What the next request gets instead of its answer: a server error, too many requests, or no answer. */
export type DropboxFailure =
  { status: 500 | 503 } | { status: 429; retryAfterSeconds: number } | 'hang'

export interface FakeDropboxFile {
  path: string
  size: number
  /** Dropbox's content hash: SHA-256 over the SHA-256 of each 4 MiB block. */
  contentHash: string
  /** Where the fake keeps the bytes (for tests comparing what arrived). */
  diskPath: string
}

export interface DropboxFake {
  url: string
  appKey: string
  appSecret: string
  /** The environment of a transfer process that should use this fake. */
  env: { DROPBOX_WWW_URL: string; DROPBOX_API_URL: string; DROPBOX_CONTENT_URL: string }
  /** Every request, in order, refused ones included. */
  received: ReceivedRequest[]
  /** Called after each request is recorded (before it is answered). */
  onRequest(listener: ((request: ReceivedRequest) => void) | null): void
  failNext(failure: DropboxFailure): void
  /** Every access token handed out so far answers 401 expired_access_token from now on. */
  expireAccessTokens(): void
  /** The person unlinked the app at Dropbox: refresh tokens and access tokens stop working. */
  revokeAllTokens(): void
  /** A folder that exists at the provider (and its parents). */
  addFolder(path: string): void
  /** A finished file at the provider, with these bytes. */
  addFile(path: string, contents: Buffer): Promise<FakeDropboxFile>
  file(path: string): FakeDropboxFile | undefined
  /** Bytes committed so far in an open upload session. */
  sessionOffset(sessionId: string): number | undefined
  /** Forgets requests, failures, files, folders, sessions and tokens (between tests). */
  reset(): Promise<void>
  close(): Promise<void>
}

export interface DropboxFakeOptions {
  appKey?: string
  appSecret?: string
  account?: { accountId: string; email: string; displayName: string }
  /** Seconds an access token lives (Dropbox: 14,400). */
  accessTokenSeconds?: number
}

const MAX_UPLOAD_REQUEST_BYTES = 150 * 1024 * 1024
const BLOCK_BYTES = 4 * 1024 * 1024
const DEFAULT_LIST_LIMIT = 2000
/** The API host's routes the fake knows (uploads go to the content host). */
const RPC_ROUTES = new Set([
  'auth/token/revoke',
  'users/get_current_account',
  'files/list_folder',
  'files/list_folder/continue',
  'files/create_folder_v2',
  'files/get_metadata',
  'files/get_temporary_link',
])

type Entry =
  | { tag: 'folder'; pathDisplay: string; id: string }
  | { tag: 'file'; pathDisplay: string; id: string; file: FakeDropboxFile; modified: string }

type Session = { diskPath: string; offset: number; closed: boolean }

/** A Dropbox route error: 409 with its tag path, or another status with Dropbox's body. */
class DropboxError {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly contentType = 'application/json'
  ) {}

  static route(summary: string, error: Record<string, unknown>) {
    return new DropboxError(409, { error_summary: `${summary}/..`, error })
  }

  static badRequest(route: string, message: string) {
    return new DropboxError(
      400,
      `Error in call to API function "${route}": ${message}`,
      'text/plain; charset=utf-8'
    )
  }

  static token(tag: 'invalid_access_token' | 'expired_access_token') {
    return new DropboxError(401, { error_summary: `${tag}/`, error: { '.tag': tag } })
  }
}

const lower = (path: string) => path.toLowerCase()
const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'))
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** Dropbox's content hash of a file on disk, read in 4 MiB blocks. */
async function contentHashOf(diskPath: string): Promise<string> {
  const blockHashes: Buffer[] = []
  let block = createHash('sha256')
  let inBlock = 0
  for await (const chunk of createReadStream(diskPath, { highWaterMark: 1024 * 1024 })) {
    let data = chunk as Buffer
    while (data.length > 0) {
      const take = Math.min(BLOCK_BYTES - inBlock, data.length)
      block.update(data.subarray(0, take))
      inBlock += take
      data = data.subarray(take)
      if (inBlock === BLOCK_BYTES) {
        blockHashes.push(block.digest())
        block = createHash('sha256')
        inBlock = 0
      }
    }
  }
  if (inBlock > 0) {
    blockHashes.push(block.digest())
  }
  return createHash('sha256').update(Buffer.concat(blockHashes)).digest('hex')
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export async function startDropboxFake(options: DropboxFakeOptions = {}): Promise<DropboxFake> {
  const appKey = options.appKey ?? 'fakeappkey123'
  const appSecret = options.appSecret ?? 'fakeappsecret456'
  const account = options.account ?? {
    accountId: 'dbid:AAFakeAccount0000000000000000000001',
    email: 'backups@example.com',
    displayName: 'Harbour Lights Backups',
  }
  const accessTokenSeconds = options.accessTokenSeconds ?? 14_400
  const storage = await mkdtemp(join(tmpdir(), 'dropbox-fake-'))

  const received: ReceivedRequest[] = []
  const failures: DropboxFailure[] = []
  let listener: ((request: ReceivedRequest) => void) | null = null
  /** Authorization codes: one use, bound to the redirect URI they were issued for. */
  const codes = new Map<string, { redirectUri: string | null }>()
  const refreshTokens = new Set<string>()
  const accessTokens = new Map<string, { refreshToken: string | null; expiresAt: number }>()
  const entries = new Map<string, Entry>()
  const sessions = new Map<string, Session>()
  const links = new Map<string, { file: FakeDropboxFile; expiresAt: number }>()
  const cursors = new Map<
    string,
    { folder: string; recursive: boolean; position: number; limit: number }
  >()
  let nextId = 1

  function newToken(prefix: string) {
    return `${prefix}.${randomBytes(24).toString('base64url')}`
  }

  function addFolder(path: string) {
    const parts = path.split('/').filter(Boolean)
    let current = ''
    for (const part of parts) {
      current = `${current}/${part}`
      if (!entries.has(lower(current))) {
        entries.set(lower(current), { tag: 'folder', pathDisplay: current, id: `id:f${nextId++}` })
      }
    }
  }

  function metadata(entry: Entry) {
    const common = {
      name: nameOf(entry.pathDisplay),
      path_lower: lower(entry.pathDisplay),
      path_display: entry.pathDisplay,
      id: entry.id,
    }
    if (entry.tag === 'folder') {
      return { '.tag': 'folder', ...common }
    }
    return {
      '.tag': 'file',
      ...common,
      'client_modified': entry.modified,
      'server_modified': entry.modified,
      'rev': `0${entry.id.slice(4)}0000000001`,
      'size': entry.file.size,
      'is_downloadable': true,
      'content_hash': entry.file.contentHash,
    }
  }

  /** Checks a path argument as Dropbox does; '' is the root. */
  function checkPath(route: string, path: unknown, { rootAllowed }: { rootAllowed: boolean }) {
    if (path === undefined) {
      throw DropboxError.badRequest(route, "request body: missing required field 'path'")
    }
    if (typeof path !== 'string') {
      throw DropboxError.badRequest(route, 'request body: path: expected string')
    }
    if (path === '' && rootAllowed) {
      return ''
    }
    if (!path.startsWith('/') || path.endsWith('/') || path.includes('//')) {
      throw DropboxError.badRequest(
        route,
        `request body: path: '${path}' did not match pattern '(/(.|[\\r\\n])*)?|id:.*|(ns:[0-9]+(/.*)?)'`
      )
    }
    return path
  }

  function authenticate(headers: Record<string, string>, route: string) {
    const header = headers.authorization
    if (!header) {
      throw DropboxError.badRequest(
        route,
        'Must provide HTTP header "Authorization" or URL parameter "authorization".'
      )
    }
    const token = /^Bearer (.+)$/.exec(header)?.[1]
    const known = token ? accessTokens.get(token) : undefined
    if (!known) {
      throw DropboxError.token('invalid_access_token')
    }
    if (known.expiresAt <= Date.now()) {
      throw DropboxError.token('expired_access_token')
    }
  }

  /** The token endpoint reads its parameters from the query string, a form body or Basic auth. */
  function tokenParams(entry: ReceivedRequest, text: string) {
    const params = new URLSearchParams(entry.query)
    if ((entry.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      for (const [key, value] of new URLSearchParams(text)) params.set(key, value)
    } else if (text && (entry.headers['content-type'] ?? '').startsWith('application/json')) {
      // The SDK's "data on body" mode.
      for (const [key, value] of Object.entries(JSON.parse(text) as Record<string, string>)) {
        params.set(key, value)
      }
    }
    const basic = /^Basic (.+)$/.exec(entry.headers.authorization ?? '')?.[1]
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':')
      params.set('client_id', id)
      params.set('client_secret', secret)
    }
    return params
  }

  function tokenError(status: number, error: string, description: string) {
    return new DropboxError(status, { error, error_description: description })
  }

  function issueAccessToken(refreshToken: string | null) {
    const token = newToken('sl')
    accessTokens.set(token, { refreshToken, expiresAt: Date.now() + accessTokenSeconds * 1000 })
    return token
  }

  function oauthToken(params: URLSearchParams) {
    if (params.get('client_id') !== appKey) {
      return tokenError(400, 'invalid_client', 'Invalid client_id or client_secret')
    }
    if (!sameSecret(params.get('client_secret') ?? '', appSecret)) {
      return tokenError(400, 'invalid_client', 'Invalid client_id or client_secret')
    }
    const grant = params.get('grant_type')
    if (grant === 'authorization_code') {
      const code = params.get('code') ?? ''
      const issued = codes.get(code)
      codes.delete(code)
      if (!issued) {
        return tokenError(400, 'invalid_grant', "code doesn't exist or has expired")
      }
      if ((params.get('redirect_uri') ?? null) !== issued.redirectUri) {
        return tokenError(400, 'invalid_grant', 'redirect_uri mismatch')
      }
      const refreshToken = newToken('rt')
      refreshTokens.add(refreshToken)
      return {
        access_token: issueAccessToken(refreshToken),
        token_type: 'bearer',
        expires_in: accessTokenSeconds,
        refresh_token: refreshToken,
        scope: 'account_info.read files.content.read files.content.write files.metadata.read',
        uid: '1234567',
        account_id: account.accountId,
      }
    }
    if (grant === 'refresh_token') {
      const refreshToken = params.get('refresh_token') ?? ''
      if (!refreshTokens.has(refreshToken)) {
        return tokenError(400, 'invalid_grant', 'refresh token is invalid or revoked')
      }
      return {
        access_token: issueAccessToken(refreshToken),
        token_type: 'bearer',
        expires_in: accessTokenSeconds,
      }
    }
    return tokenError(400, 'unsupported_grant_type', `grant_type "${grant}" is not supported`)
  }

  function authorizePage(entry: ReceivedRequest, response: ServerResponse) {
    const {
      client_id: clientId,
      redirect_uri: redirectUri,
      state,
      response_type: type,
    } = entry.query
    if (clientId !== appKey || type !== 'code') {
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
      return response.end(
        '<!doctype html><title>Dropbox</title><h1>Invalid client_id or response_type</h1>'
      )
    }
    if (entry.method === 'POST' && !redirectUri) {
      // No redirect address (an app without a web page): Dropbox shows the code to copy.
      const code = randomBytes(16).toString('base64url')
      codes.set(code, { redirectUri: null })
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return response.end(
        `<!doctype html><title>Dropbox</title><p>Enter this code into your app:</p><code id="auth-code">${code}</code>`
      )
    }
    if (entry.method === 'POST') {
      // The person pressed Allow: back to the app with a code (or the refusal).
      const target = new URL(redirectUri)
      if (entry.query.decision === 'deny') {
        target.searchParams.set('error', 'access_denied')
        target.searchParams.set(
          'error_description',
          'The user chose not to give your app access to their Dropbox account.'
        )
      } else {
        const code = randomBytes(16).toString('base64url')
        codes.set(code, { redirectUri: redirectUri ?? null })
        target.searchParams.set('code', code)
      }
      if (state) target.searchParams.set('state', state)
      response.writeHead(302, { location: target.toString() })
      return response.end()
    }
    const action = (decision: string) =>
      `${entry.path}?${new URLSearchParams({ ...entry.query, decision }).toString()}`
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><head><title>API Request Authorization - Dropbox</title></head>
<body><main><h1>Allow access to your Dropbox?</h1><p>Signed in as ${account.email}</p>
<form method="post" action="/www${action('allow')}"><button type="submit">Allow</button></form>
<form method="post" action="/www${action('deny')}"><button type="submit">Cancel</button></form></main></body></html>`)
  }

  function listFolder(route: string, arg: Record<string, unknown>) {
    const folder = checkPath(route, arg.path, { rootAllowed: true })
    if (folder !== '' && entries.get(lower(folder))?.tag !== 'folder') {
      const what = entries.has(lower(folder)) ? 'not_folder' : 'not_found'
      throw DropboxError.route(`path/${what}`, { '.tag': 'path', 'path': { '.tag': what } })
    }
    const limit = arg.limit === undefined ? DEFAULT_LIST_LIMIT : Number(arg.limit)
    if (!Number.isInteger(limit) || limit < 1 || limit > DEFAULT_LIST_LIMIT) {
      throw DropboxError.badRequest(
        route,
        `request body: limit: ${arg.limit} is not within range [1, 2000]`
      )
    }
    return page({ folder: lower(folder), recursive: arg.recursive === true, position: 0, limit })
  }

  function page(cursor: { folder: string; recursive: boolean; position: number; limit: number }) {
    const inside = [...entries.entries()]
      .filter(([path]) =>
        cursor.recursive ? path.startsWith(`${cursor.folder}/`) : parentOf(path) === cursor.folder
      )
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, entry]) => entry)
    const shown = inside.slice(cursor.position, cursor.position + cursor.limit)
    const next = { ...cursor, position: cursor.position + shown.length }
    const token = `AAH${randomBytes(18).toString('base64url')}`
    cursors.set(token, next)
    return { entries: shown.map(metadata), cursor: token, has_more: next.position < inside.length }
  }

  async function appendTo(session: Session, request: IncomingMessage, entry: ReceivedRequest) {
    let bytes = 0
    const counter = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        bytes += chunk.length
        if (bytes > MAX_UPLOAD_REQUEST_BYTES) {
          throw new DropboxError(413, 'Request body too large', 'text/plain; charset=utf-8')
        }
        yield chunk
      }
    }
    await pipeline(request, counter, createWriteStream(session.diskPath, { flags: 'a' }))
    session.offset += bytes
    entry.bodyBytes = bytes
  }

  async function commit(route: string, commitArg: Record<string, unknown>, session: Session) {
    const path = checkPath(route, commitArg.path, { rootAllowed: false })
    const mode = (commitArg.mode as { '.tag'?: string } | string | undefined) ?? 'add'
    const modeTag = typeof mode === 'string' ? mode : mode['.tag']
    let target = path
    const existing = entries.get(lower(path))
    if (existing && modeTag !== 'overwrite') {
      if (commitArg.autorename !== true || existing.tag === 'folder') {
        throw DropboxError.route('path/conflict/file', {
          '.tag': 'path',
          'reason': { '.tag': 'conflict', 'conflict': { '.tag': existing.tag } },
        })
      }
      const dot =
        path.lastIndexOf('.') > path.lastIndexOf('/') ? path.lastIndexOf('.') : path.length
      for (let n = 1; entries.has(lower(target)); n++) {
        target = `${path.slice(0, dot)} (${n})${path.slice(dot)}`
      }
    }
    addFolder(parentOf(target))
    const diskPath = join(storage, `file-${nextId}`)
    await rename(session.diskPath, diskPath)
    const { size } = await stat(diskPath)
    const file: FakeDropboxFile = {
      path: target,
      size,
      contentHash: await contentHashOf(diskPath),
      diskPath,
    }
    const entry: Entry = {
      tag: 'file',
      pathDisplay: target,
      id: `id:${nextId++}`,
      file,
      modified: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    }
    entries.set(lower(target), entry)
    return metadata(entry)
  }

  function sessionFor(cursor: unknown) {
    const { session_id: id, offset } = (cursor ?? {}) as { session_id?: string; offset?: number }
    const session = id ? sessions.get(id) : undefined
    if (!session) {
      throw DropboxError.route('lookup_failed/not_found', {
        '.tag': 'lookup_failed',
        'lookup_failed': { '.tag': 'not_found' },
      })
    }
    if (offset !== session.offset) {
      throw DropboxError.route('lookup_failed/incorrect_offset', {
        '.tag': 'lookup_failed',
        'lookup_failed': { '.tag': 'incorrect_offset', 'correct_offset': session.offset },
      })
    }
    return session
  }

  async function callRoute(
    entry: ReceivedRequest,
    request: IncomingMessage,
    response: ServerResponse,
    readText: () => Promise<string>
  ): Promise<unknown> {
    const name = entry.path.replace(/^\/2\//, '')
    const arg = (entry.arg ?? {}) as Record<string, unknown>
    if (entry.host === 'content') {
      if (entry.method === 'GET' && entry.path.startsWith('/temporary/')) {
        const link = links.get(entry.path.slice('/temporary/'.length))
        if (!link || link.expiresAt <= Date.now()) {
          throw new DropboxError(410, 'This link has expired.', 'text/plain; charset=utf-8')
        }
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': String(link.file.size),
          'content-disposition': `attachment; filename="${nameOf(link.file.path)}"`,
        })
        await pipeline(createReadStream(link.file.diskPath), response)
        return undefined
      }
      authenticate(entry.headers, name)
      if (name === 'files/upload_session/start') {
        const id = `pid_upload_session:${randomBytes(18).toString('base64url')}`
        const session: Session = {
          diskPath: join(storage, `session-${nextId++}`),
          offset: 0,
          closed: false,
        }
        sessions.set(id, session)
        await appendTo(session, request, entry)
        session.closed = arg.close === true
        return { session_id: id }
      }
      if (name === 'files/upload_session/append_v2') {
        const session = sessionFor(arg.cursor)
        if (session.closed) {
          throw DropboxError.route('closed', { '.tag': 'closed' })
        }
        await appendTo(session, request, entry)
        session.closed = arg.close === true
        return null
      }
      if (name === 'files/upload_session/finish') {
        const session = sessionFor(arg.cursor)
        await appendTo(session, request, entry)
        const id = (arg.cursor as { session_id: string }).session_id
        const result = await commit(name, (arg.commit ?? {}) as Record<string, unknown>, session)
        sessions.delete(id)
        return result
      }
      throw new DropboxError(404, 'Unknown API function', 'text/plain; charset=utf-8')
    }

    if (!RPC_ROUTES.has(name)) {
      request.resume()
      throw DropboxError.badRequest(name, 'Unknown API function')
    }
    const text = await readText()
    let body: Record<string, unknown> = {}
    if (text && text !== 'null') {
      if (!(entry.headers['content-type'] ?? '').startsWith('application/json')) {
        throw DropboxError.badRequest(
          name,
          'Bad HTTP "Content-Type" header: expecting "application/json".'
        )
      }
      try {
        body = JSON.parse(text) as Record<string, unknown>
      } catch {
        throw DropboxError.badRequest(name, 'request body: could not decode input as JSON')
      }
    }
    entry.body = text ? (text === 'null' ? null : body) : null
    if (name === 'auth/token/revoke') {
      authenticate(entry.headers, name)
      const token = /^Bearer (.+)$/.exec(entry.headers.authorization)![1]
      const refreshToken = accessTokens.get(token)!.refreshToken
      // Revoking an access token also revokes its refresh token and that token's other access tokens.
      for (const [other, owner] of accessTokens) {
        if (other === token || (refreshToken && owner.refreshToken === refreshToken)) {
          accessTokens.delete(other)
        }
      }
      if (refreshToken) refreshTokens.delete(refreshToken)
      return null
    }
    authenticate(entry.headers, name)
    switch (name) {
      case 'users/get_current_account':
        return {
          account_id: account.accountId,
          name: {
            given_name: account.displayName.split(' ')[0],
            surname: account.displayName.split(' ').slice(1).join(' '),
            familiar_name: account.displayName.split(' ')[0],
            display_name: account.displayName,
            abbreviated_name: account.displayName
              .split(' ')
              .map((word) => word[0])
              .join(''),
          },
          email: account.email,
          email_verified: true,
          disabled: false,
          country: 'GB',
          locale: 'en',
          is_paired: false,
          account_type: { '.tag': 'basic' },
          root_info: {
            '.tag': 'user',
            'root_namespace_id': '3235641',
            'home_namespace_id': '3235641',
          },
        }
      case 'files/list_folder':
        return listFolder(name, body)
      case 'files/list_folder/continue': {
        const cursor = cursors.get(String(body.cursor))
        if (!cursor) {
          throw DropboxError.route('reset', { '.tag': 'reset' })
        }
        return page(cursor)
      }
      case 'files/create_folder_v2': {
        const path = checkPath(name, body.path, { rootAllowed: false })
        const existing = entries.get(lower(path))
        if (existing) {
          throw DropboxError.route(`path/conflict/${existing.tag}`, {
            '.tag': 'path',
            'path': { '.tag': 'conflict', 'conflict': { '.tag': existing.tag } },
          })
        }
        addFolder(path)
        return { metadata: metadata(entries.get(lower(path))!) }
      }
      case 'files/get_metadata': {
        const path = checkPath(name, body.path, { rootAllowed: false })
        const found = entries.get(lower(path))
        if (!found) {
          throw DropboxError.route('path/not_found', {
            '.tag': 'path',
            'path': { '.tag': 'not_found' },
          })
        }
        return metadata(found)
      }
      case 'files/get_temporary_link': {
        const path = checkPath(name, body.path, { rootAllowed: false })
        const found = entries.get(lower(path))
        if (!found || found.tag !== 'file') {
          throw DropboxError.route('path/not_found', {
            '.tag': 'path',
            'path': { '.tag': 'not_found' },
          })
        }
        const token = randomBytes(18).toString('base64url')
        // Dropbox's temporary links last four hours.
        links.set(token, { file: found.file, expiresAt: Date.now() + 4 * 3600 * 1000 })
        return { metadata: metadata(found), link: `${url}/content/temporary/${token}` }
      }
      default:
        throw DropboxError.badRequest(name, 'Unknown API function')
    }
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const address = new URL(request.url ?? '/', 'http://fake')
    const host = address.pathname.split('/')[1] ?? ''
    const path = address.pathname.slice(host.length + 1) || '/'
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([key, value]) => [
        key,
        Array.isArray(value) ? value.join(', ') : (value ?? ''),
      ])
    )
    let arg: unknown = null
    if (headers['dropbox-api-arg']) {
      try {
        arg = JSON.parse(headers['dropbox-api-arg'])
      } catch {
        arg = headers['dropbox-api-arg']
      }
    }
    const entry: ReceivedRequest = {
      method: request.method ?? 'GET',
      host,
      path,
      query: Object.fromEntries(address.searchParams),
      headers,
      body: null,
      bodyBytes: 0,
      arg,
    }
    received.push(entry)
    listener?.(entry)

    let text: string | null = null
    const readText = async () => {
      if (text === null) {
        const chunks: Buffer[] = []
        for await (const chunk of request) chunks.push(chunk as Buffer)
        text = Buffer.concat(chunks).toString('utf8')
        entry.bodyBytes = Buffer.byteLength(text)
      }
      return text
    }

    const failure = failures.shift()
    if (failure === 'hang') {
      // Answer nothing; the connection ends when the client gives up or at close().
      request.resume()
      return
    }
    if (failure) {
      request.resume()
      const retry =
        failure.status === 429 ? { 'retry-after': String(failure.retryAfterSeconds) } : {}
      response.writeHead(failure.status, { 'content-type': 'text/plain; charset=utf-8', ...retry })
      return response.end(failure.status === 429 ? 'too_many_requests' : 'Internal Server Error')
    }

    try {
      let result: unknown
      if (host === 'www' && path === '/oauth2/authorize') {
        return authorizePage(entry, response)
      } else if (host === 'api' && path === '/oauth2/token' && entry.method === 'POST') {
        const params = tokenParams(entry, await readText())
        result = oauthToken(params)
        if (result instanceof DropboxError) throw result
      } else if (
        (host === 'api' || host === 'content') &&
        (entry.method === 'POST' || path.startsWith('/temporary/'))
      ) {
        result = await callRoute(entry, request, response, readText)
        if (response.headersSent) return
      } else {
        request.resume()
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        return response.end('Not Found')
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(result))
    } catch (error) {
      request.resume()
      if (!(error instanceof DropboxError)) {
        // A bug in the fake: fail the request loudly rather than hang the test.
        console.error(error)
        response.writeHead(500, { 'content-type': 'text/plain' })
        return response.end(String(error))
      }
      response.writeHead(error.status, { 'content-type': error.contentType })
      response.end(typeof error.body === 'string' ? error.body : JSON.stringify(error.body))
    }
  }

  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  return {
    url,
    appKey,
    appSecret,
    env: {
      DROPBOX_WWW_URL: `${url}/www`,
      DROPBOX_API_URL: `${url}/api`,
      DROPBOX_CONTENT_URL: `${url}/content`,
    },
    received,
    onRequest(next) {
      listener = next
    },
    failNext(failure) {
      failures.push(failure)
    },
    expireAccessTokens() {
      for (const token of accessTokens.values()) token.expiresAt = 0
    },
    revokeAllTokens() {
      accessTokens.clear()
      refreshTokens.clear()
    },
    addFolder,
    async addFile(path, contents) {
      const session: Session = {
        diskPath: join(storage, `session-${nextId++}`),
        offset: 0,
        closed: false,
      }
      await pipeline([contents], createWriteStream(session.diskPath))
      await commit('files/upload', { path, mode: 'overwrite' }, session)
      const found = entries.get(lower(path))
      return (found as Extract<Entry, { tag: 'file' }>).file
    },
    file(path) {
      const found = entries.get(lower(path))
      return found?.tag === 'file' ? found.file : undefined
    },
    sessionOffset(sessionId) {
      return sessions.get(sessionId)?.offset
    },
    async reset() {
      received.length = 0
      failures.length = 0
      listener = null
      for (const collection of [codes, accessTokens, entries, sessions, links, cursors]) {
        collection.clear()
      }
      refreshTokens.clear()
      await rm(storage, { recursive: true, force: true })
      await mkdir(storage, { recursive: true })
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await rm(storage, { recursive: true, force: true })
    },
  }
}
