import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import { startDropboxFake, type DropboxFake } from '#tests/fakes/dropbox'
import type { DropboxProvider } from '#services/transfer/backup/dropbox_provider'
import { allowAt, dropboxProviderFor } from '#tests/helpers/dropbox_backup'
import {
  ProviderAccessRevoked,
  ProviderCredentialsRefused,
  ProviderOffsetMismatch,
  ProviderUnavailable,
  type ProviderConnection,
} from '#services/transfer/backup/backup_provider'

/*
 * transfer's Dropbox provider, through the official SDK, against the fake:
 * connecting by OAuth, browsing, an upload session across an expired token,
 * a session whose offset moved on, a revoked connection and a provider
 * that answers 503.
 */

const REDIRECT = 'http://127.0.0.1:5000/api/cloudsync/callback'

let dropbox: DropboxFake
let provider: DropboxProvider

function credentials() {
  return { appKey: dropbox.appKey, appSecret: dropbox.appSecret }
}

/** Walks the authorize page as the person would (Allow), and answers where it sends them back. */
async function allow(state: string) {
  return allowAt(dropbox, await provider.authorizeUrl(credentials(), REDIRECT, state))
}

async function connected(): Promise<ProviderConnection> {
  const back = await allow('s1')
  const { refreshToken } = await provider.connect(
    credentials(),
    back.searchParams.get('code')!,
    REDIRECT
  )
  return provider.connection(credentials(), refreshToken)
}

test.group('Dropbox provider (SDK against the fake)', (group) => {
  group.setup(async () => {
    dropbox = await startDropboxFake()
    provider = dropboxProviderFor(dropbox)
    return () => dropbox.close()
  })
  group.each.setup(() => dropbox.reset())

  test('connects by OAuth with offline access and reads the account', async ({ assert }) => {
    const authorize = new URL(await provider.authorizeUrl(credentials(), REDIRECT, 'state-42'))
    assert.equal(authorize.searchParams.get('token_access_type'), 'offline')
    assert.equal(authorize.searchParams.get('response_type'), 'code')
    const back = await allow('state-42')
    assert.equal(back.searchParams.get('state'), 'state-42')
    const { refreshToken, account } = await provider.connect(
      credentials(),
      back.searchParams.get('code')!,
      REDIRECT
    )
    assert.match(refreshToken, /^rt\./)
    assert.deepEqual(account, {
      id: 'dbid:AAFakeAccount0000000000000000000001',
      name: 'Harbour Lights Backups',
      email: 'backups@example.com',
    })
  })

  test('a wrong secret or a used code is refused as credentials, not as a revoked connection', async ({
    assert,
  }) => {
    const back = await allow('s')
    const code = back.searchParams.get('code')!
    await assert.rejects(
      () => provider.connect({ ...credentials(), appSecret: 'wrong' }, code, REDIRECT),
      ProviderCredentialsRefused
    )
    await provider.connect(credentials(), code, REDIRECT).catch(() => {})
    await assert.rejects(
      () => provider.connect(credentials(), code, REDIRECT),
      ProviderCredentialsRefused
    )
  })

  test('lists folders page by page', async ({ assert }) => {
    const connection = await connected()
    for (let n = 0; n < 205; n++) dropbox.addFolder(`/Clients/Folder ${String(n).padStart(3, '0')}`)
    const first = await connection.list('/Clients')
    assert.lengthOf(first.entries, 200)
    assert.isNotNull(first.cursor)
    const second = await connection.list('/Clients', first.cursor)
    assert.lengthOf(second.entries, 5)
    assert.isNull(second.cursor)
    assert.deepEqual(second.entries[4], {
      kind: 'folder',
      name: 'Folder 204',
      path: '/Clients/Folder 204',
      size: null,
      modifiedAt: null,
    })
    const root = await connection.list('/')
    assert.deepEqual(
      root.entries.map((entry) => entry.path),
      ['/Clients']
    )
  })

  test('an access token that expires after the second chunk is refreshed and the chunk sent again', async ({
    assert,
  }) => {
    const connection = await connected()
    const chunks = [
      randomBytes(300_000),
      randomBytes(300_000),
      randomBytes(300_000),
      randomBytes(1000),
    ]
    let appends = 0
    dropbox.onRequest((request) => {
      if (request.path === '/2/files/upload_session/append_v2' && ++appends === 2) {
        dropbox.expireAccessTokens()
      }
    })
    const sessionId = await connection.startUpload(chunks[0])
    let offset = chunks[0].length
    for (const chunk of chunks.slice(1)) {
      await connection.appendUpload(sessionId, offset, chunk)
      offset += chunk.length
    }
    const file = await connection.finishUpload(sessionId, offset, '/Backups/take 1.mov')
    assert.equal(file.size, offset)
    const stored = dropbox.file('/Backups/take 1.mov')!
    assert.deepEqual(await readFile(stored.diskPath), Buffer.concat(chunks))
    // The refused second chunk went again at the same offset, after one refresh.
    const appendOffsets = dropbox.received
      .filter((request) => request.path === '/2/files/upload_session/append_v2')
      .map((request) => (request.arg as { cursor: { offset: number } }).cursor.offset)
    assert.deepEqual(appendOffsets, [300_000, 600_000, 600_000, 900_000])
    const refreshes = dropbox.received.filter(
      (request) => request.path === '/oauth2/token' && request.query.grant_type === 'refresh_token'
    )
    assert.lengthOf(refreshes, 2, 'the first access token, then the one after the expiry')
  })

  test('a session that moved on says where it is; the committed offset is read with an empty append', async ({
    assert,
  }) => {
    const connection = await connected()
    const sessionId = await connection.startUpload(Buffer.from('0123456789'))
    await assert.rejects(
      () => connection.appendUpload(sessionId, 4, Buffer.from('x')),
      ProviderOffsetMismatch
    )
    assert.equal(await connection.committedOffset(sessionId, 4), 10)
    assert.equal(await connection.committedOffset(sessionId, 10), 10)
    assert.equal(dropbox.sessionOffset(sessionId), 10)
  })

  test('a revoked connection and a provider that answers 503 are told apart', async ({
    assert,
  }) => {
    const connection = await connected()
    dropbox.failNext({ status: 503 })
    await assert.rejects(() => connection.account(), ProviderUnavailable)
    const account = await connection.account()
    assert.equal(account.email, 'backups@example.com')

    dropbox.revokeAllTokens()
    await assert.rejects(() => connection.account(), ProviderAccessRevoked)
  })

  test('a temporary link downloads the file; revoke ends the connection at the provider', async ({
    assert,
  }) => {
    const connection = await connected()
    await dropbox.addFile('/Backups/notes.txt', Buffer.from('call sheet'))
    const link = await connection.temporaryLink('/Backups/notes.txt')
    const response = await fetch(link)
    assert.equal(await response.text(), 'call sheet')
    await connection.revoke()
    await assert.rejects(() => connection.account(), ProviderAccessRevoked)
  })
})
