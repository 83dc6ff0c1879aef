import { test } from '@japa/runner'
import { startDropboxFake, type DropboxFake } from '#tests/fakes/dropbox'

/*
 * The Dropbox fake refuses what Dropbox refuses, with Dropbox's statuses and
 * bodies: a client that forgot its token, sent an upload to the API host,
 * lost track of an upload's offset or kept a revoked token fails here as it
 * would against Dropbox. Plain fetch, no SDK: these pin the fake itself.
 */

let dropbox: DropboxFake

async function tokens() {
  const page = await fetch(
    `${dropbox.env.DROPBOX_WWW_URL}/oauth2/authorize?${new URLSearchParams({
      client_id: dropbox.appKey,
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:9/back',
      state: 'st8',
    })}&decision=allow`,
    { method: 'POST', redirect: 'manual' }
  )
  const back = new URL(page.headers.get('location')!)
  const answer = await fetch(`${dropbox.env.DROPBOX_API_URL}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      client_id: dropbox.appKey,
      client_secret: dropbox.appSecret,
      redirect_uri: 'http://127.0.0.1:9/back',
    }),
  })
  return { back, answer, body: (await answer.json()) as Record<string, string> }
}

function rpc(route: string, token: string | null, body?: unknown) {
  return fetch(`${dropbox.env.DROPBOX_API_URL}/2/${route}`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

function upload(route: string, token: string, arg: unknown, bytes: Buffer) {
  return fetch(`${dropbox.env.DROPBOX_CONTENT_URL}/2/${route}`, {
    method: 'POST',
    headers: {
      'authorization': `Bearer ${token}`,
      'content-type': 'application/octet-stream',
      'dropbox-api-arg': JSON.stringify(arg),
    },
    body: new Uint8Array(bytes),
  })
}

test.group('Dropbox fake', (group) => {
  group.setup(async () => {
    dropbox = await startDropboxFake()
    return () => dropbox.close()
  })
  group.each.setup(() => dropbox.reset())

  test('the authorize page sends the person back with a code and the state; the code gives tokens once', async ({
    assert,
  }) => {
    const { back, answer, body } = await tokens()
    assert.equal(back.searchParams.get('state'), 'st8')
    assert.equal(answer.status, 200)
    assert.equal(body.token_type, 'bearer')
    assert.equal(Number(body.expires_in), 14_400)
    assert.match(body.refresh_token, /^rt\./)

    const again = await fetch(`${dropbox.env.DROPBOX_API_URL}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        client_id: dropbox.appKey,
        client_secret: dropbox.appSecret,
        redirect_uri: 'http://127.0.0.1:9/back',
      }),
    })
    assert.equal(again.status, 400)
    const refused = (await again.json()) as { error: string }
    assert.equal(refused.error, 'invalid_grant')
  })

  test('a wrong app secret is invalid_client; a refused authorization comes back as access_denied', async ({
    assert,
  }) => {
    const wrong = await fetch(
      `${dropbox.env.DROPBOX_API_URL}/oauth2/token?grant_type=refresh_token&refresh_token=x&client_id=${dropbox.appKey}&client_secret=nope`,
      { method: 'POST' }
    )
    assert.equal(wrong.status, 400)
    assert.deepEqual(await wrong.json(), {
      error: 'invalid_client',
      error_description: 'Invalid client_id or client_secret',
    })
    const denied = await fetch(
      `${dropbox.env.DROPBOX_WWW_URL}/oauth2/authorize?client_id=${dropbox.appKey}&response_type=code&redirect_uri=http://127.0.0.1:9/back&state=s&decision=deny`,
      { method: 'POST', redirect: 'manual' }
    )
    const back = new URL(denied.headers.get('location')!)
    assert.equal(back.searchParams.get('error'), 'access_denied')
    assert.equal(back.searchParams.get('state'), 's')
  })

  test('calls without a token are 400, with an unknown one 401 invalid_access_token, an expired one 401 expired_access_token', async ({
    assert,
  }) => {
    const none = await rpc('users/get_current_account', null)
    assert.equal(none.status, 400)
    assert.include(await none.text(), 'Must provide HTTP header "Authorization"')
    const unknown = await rpc('users/get_current_account', 'sl.nope')
    assert.equal(unknown.status, 401)
    assert.deepEqual(await unknown.json(), {
      error_summary: 'invalid_access_token/',
      error: { '.tag': 'invalid_access_token' },
    })
    const { body } = await tokens()
    const fresh = await rpc('users/get_current_account', body.access_token)
    assert.equal(fresh.status, 200)
    dropbox.expireAccessTokens()
    const expired = await rpc('users/get_current_account', body.access_token)
    assert.equal(expired.status, 401)
    assert.equal(
      ((await expired.json()) as { error_summary: string }).error_summary,
      'expired_access_token/'
    )
  })

  test('folders list a page at a time with cursors; a root given as "/" is refused', async ({
    assert,
  }) => {
    const { body } = await tokens()
    for (const name of ['Alpha', 'Bravo', 'Charlie']) dropbox.addFolder(`/Backups/${name}`)
    const first = await rpc('files/list_folder', body.access_token, { path: '/Backups', limit: 2 })
    const page1 = (await first.json()) as {
      entries: { name: string }[]
      cursor: string
      has_more: boolean
    }
    assert.deepEqual(
      page1.entries.map((entry) => entry.name),
      ['Alpha', 'Bravo']
    )
    assert.isTrue(page1.has_more)
    const next = await rpc('files/list_folder/continue', body.access_token, {
      cursor: page1.cursor,
    })
    const page2 = (await next.json()) as { entries: { name: string }[]; has_more: boolean }
    assert.deepEqual(
      page2.entries.map((entry) => entry.name),
      ['Charlie']
    )
    assert.isFalse(page2.has_more)

    const slash = await rpc('files/list_folder', body.access_token, { path: '/' })
    assert.equal(slash.status, 400)
    const missing = await rpc('files/list_folder', body.access_token, { path: '/Nope' })
    assert.equal(missing.status, 409)
    assert.equal(
      ((await missing.json()) as { error_summary: string }).error_summary,
      'path/not_found/..'
    )
  })

  test('an upload session checks every offset and says the right one; uploads on the API host are not found', async ({
    assert,
  }) => {
    const { body } = await tokens()
    const token = body.access_token
    const started = await upload(
      'files/upload_session/start',
      token,
      { close: false },
      Buffer.from('hello ')
    )
    const { session_id: sessionId } = (await started.json()) as { session_id: string }
    const wrong = await upload(
      'files/upload_session/append_v2',
      token,
      { cursor: { session_id: sessionId, offset: 3 }, close: false },
      Buffer.from('world')
    )
    assert.equal(wrong.status, 409)
    assert.deepEqual(await wrong.json(), {
      error_summary: 'lookup_failed/incorrect_offset/..',
      error: {
        '.tag': 'lookup_failed',
        'lookup_failed': { '.tag': 'incorrect_offset', 'correct_offset': 6 },
      },
    })
    await upload(
      'files/upload_session/append_v2',
      token,
      { cursor: { session_id: sessionId, offset: 6 }, close: false },
      Buffer.from('world')
    )
    const finished = await upload(
      'files/upload_session/finish',
      token,
      {
        cursor: { session_id: sessionId, offset: 11 },
        commit: { path: '/Backups/a.txt', mode: 'add' },
      },
      Buffer.alloc(0)
    )
    const file = (await finished.json()) as { size: number; path_display: string }
    assert.equal(file.size, 11)
    assert.equal(file.path_display, '/Backups/a.txt')

    const onApiHost = await fetch(`${dropbox.env.DROPBOX_API_URL}/2/files/upload_session/start`, {
      method: 'POST',
      headers: { 'authorization': `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: 'x',
    })
    assert.equal(onApiHost.status, 400)
    assert.include(await onApiHost.text(), 'Unknown API function')
  })

  test('a temporary link downloads the file; revoking the token ends its refresh token too', async ({
    assert,
  }) => {
    const { body } = await tokens()
    await dropbox.addFile('/Backups/b.bin', Buffer.from('bytes of b'))
    const link = await rpc('files/get_temporary_link', body.access_token, {
      path: '/Backups/b.bin',
    })
    const { link: href } = (await link.json()) as { link: string }
    const downloaded = await fetch(href)
    assert.equal(await downloaded.text(), 'bytes of b')

    const revoked = await rpc('auth/token/revoke', body.access_token)
    assert.equal(revoked.status, 200)
    const after = await rpc('users/get_current_account', body.access_token)
    assert.equal(after.status, 401)
    const refresh = await fetch(
      `${dropbox.env.DROPBOX_API_URL}/oauth2/token?grant_type=refresh_token&refresh_token=${body.refresh_token}&client_id=${dropbox.appKey}&client_secret=${dropbox.appSecret}`,
      { method: 'POST' }
    )
    assert.equal(refresh.status, 400)
    const refreshAnswer = (await refresh.json()) as { error: string }
    assert.equal(refreshAnswer.error, 'invalid_grant')
  })
})
