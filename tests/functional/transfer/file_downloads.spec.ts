import { createHash, randomBytes } from 'node:crypto'
import { readdir, readlink, realpath, rm } from 'node:fs/promises'
import { get as httpGet } from 'node:http'
import { setTimeout } from 'node:timers/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import type PublicUpload from '#models/transfer/public_upload'
import { StaffShares } from '#services/transfer/staff_shares'
import { TransferSettings } from '#services/transfer/transfer_settings'
import { UploadStorage } from '#services/transfer/upload_storage'
import { storedPath, storedUpload, transferPerson } from '#tests/helpers/stored_uploads'

const ORIGIN = `http://${env.get('HOST')}:${env.get('PORT')}`
/** 64 KB that compresses well: the compression middleware would gzip it if allowed to. */
const CONTENT = Array.from(
  { length: 4096 },
  (_, index) => `line ${String(index).padStart(9, '0')}\n`
).join('')

const MiB = 1024 * 1024

/** A GET read to its end by Node's client; `waitMs` first leaves the body unread that long. */
function getBody(url: URL, headers: Record<string, string> = {}, waitMs = 0) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      response.pause()
      const chunks: Buffer[] = []
      globalThis.setTimeout(() => {
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode!, body: Buffer.concat(chunks) })
        )
        response.on('error', reject)
        response.resume()
      }, waitMs)
    }).on('error', reject)
  })
}

async function signedUrl(upload: PublicUpload) {
  const storage = await app.container.make(UploadStorage)
  return new URL(await storage.downloadUrl(upload, ORIGIN))
}

test.group('GET /files/:id/:name (the signed route of the fs disk)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('streams the whole file as an attachment that can never run as the app', async ({
    assert,
  }) => {
    const upload = await storedUpload(CONTENT, { fileName: 'log.txt', mimeType: 'text/plain' })
    const response = await fetch(await signedUrl(upload), {
      headers: { 'accept-encoding': 'gzip, br' },
    })
    assert.equal(response.status, 200)
    assert.equal(await response.text(), CONTENT)
    assert.equal(response.headers.get('content-length'), String(CONTENT.length))
    assert.isNull(response.headers.get('content-encoding'), 'never compressed')
    assert.equal(response.headers.get('accept-ranges'), 'bytes')
    assert.equal(response.headers.get('content-type'), 'application/octet-stream')
    assert.match(
      response.headers.get('content-disposition')!,
      /^attachment; filename="?log\.txt"?$/
    )
    assert.equal(response.headers.get('content-security-policy'), "sandbox; default-src 'none'")
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(response.headers.get('etag'), `"${upload.id}-${CONTENT.length}"`)
    assert.isNotNull(response.headers.get('last-modified'))
  })

  test('an uploaded HTML page downloads as an attachment inside a sandbox', async ({ assert }) => {
    const html = '<html><body><script>fetch("/api/staff-shares")</script></body></html>'
    const upload = await storedUpload(html, { fileName: 'invoice.html', mimeType: 'text/html' })
    const response = await fetch(await signedUrl(upload))
    assert.equal(response.status, 200)
    assert.equal(await response.text(), html)
    assert.equal(response.headers.get('content-type'), 'application/octet-stream')
    assert.match(
      response.headers.get('content-disposition')!,
      /^attachment; filename="?invoice\.html"?$/
    )
    assert.equal(response.headers.get('content-security-policy'), "sandbox; default-src 'none'")
  })

  test('one range gives 206 with Content-Range, uncompressed; a suffix and an open range too', async ({
    assert,
  }) => {
    const upload = await storedUpload(CONTENT)
    const url = await signedUrl(upload)
    const cases = [
      ['bytes=10-19', 10, 19],
      ['bytes=-15', CONTENT.length - 15, CONTENT.length - 1],
      ['bytes=60000-', 60000, CONTENT.length - 1],
    ] as const
    for (const [range, start, end] of cases) {
      const response = await fetch(url, { headers: { range, 'accept-encoding': 'gzip' } })
      assert.equal(response.status, 206, range)
      assert.equal(response.headers.get('content-range'), `bytes ${start}-${end}/${CONTENT.length}`)
      assert.equal(response.headers.get('content-length'), String(end - start + 1))
      assert.isNull(response.headers.get('content-encoding'))
      assert.equal(await response.text(), CONTENT.slice(start, end + 1))
    }
  })

  test('a range past the end is 416 with the size; several ranges or a bad header get the whole file', async ({
    assert,
  }) => {
    const upload = await storedUpload(CONTENT)
    const url = await signedUrl(upload)

    const beyond = await fetch(url, { headers: { range: `bytes=${CONTENT.length}-` } })
    assert.equal(beyond.status, 416)
    assert.equal(beyond.headers.get('content-range'), `bytes */${CONTENT.length}`)

    for (const range of ['bytes=0-1,5-6', 'pages=1-2', 'bytes=abc']) {
      const response = await fetch(url, { headers: { range } })
      assert.equal(response.status, 200, range)
      const body = await response.text()
      assert.equal(body.length, CONTENT.length)
    }
  })

  test('If-Range resumes only while the file is the same one', async ({ assert }) => {
    const upload = await storedUpload(CONTENT)
    const url = await signedUrl(upload)
    const first = await fetch(url, { method: 'HEAD' })
    const etag = first.headers.get('etag')!
    const lastModified = first.headers.get('last-modified')!

    for (const ifRange of [etag, lastModified]) {
      const resumed = await fetch(url, { headers: { 'range': 'bytes=100-', 'if-range': ifRange } })
      assert.equal(resumed.status, 206)
      assert.equal(await resumed.text(), CONTENT.slice(100))
    }
    for (const ifRange of ['"another-file"', 'Tue, 01 Jan 2002 00:00:00 GMT']) {
      const restarted = await fetch(url, {
        headers: { 'range': 'bytes=100-', 'if-range': ifRange },
      })
      assert.equal(restarted.status, 200)
      assert.equal(await restarted.text(), CONTENT)
    }
  })

  test('HEAD answers the headers without the body', async ({ assert }) => {
    const upload = await storedUpload(CONTENT)
    const response = await fetch(await signedUrl(upload), { method: 'HEAD' })
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-length'), String(CONTENT.length))
    assert.equal(await response.text(), '')
  })

  test('a changed, missing or foreign signature is refused with 403', async ({ assert }) => {
    const upload = await storedUpload(CONTENT, { fileName: 'a.txt' })
    const other = await storedUpload('other file', { fileName: 'b.txt' })
    const url = await signedUrl(upload)
    const signature = url.searchParams.get('signature')!

    const tampered = [
      new URL(url.pathname.replace('a.txt', 'b.txt') + url.search, ORIGIN),
      new URL(`/files/${other.id}/b.txt${url.search}`, ORIGIN),
      new URL(url.pathname, ORIGIN),
      new URL(`${url.pathname}?signature=${signature.slice(0, -2)}xx`, ORIGIN),
    ]
    for (const target of tampered) {
      const response = await fetch(target)
      assert.equal(response.status, 403, target.toString())
      assert.deepEqual(await response.json(), {
        error: 'This download link is invalid or has expired',
      })
    }
  })

  test('names with ../ never leave the file: the link and the attachment name keep the base name', async ({
    assert,
  }) => {
    const upload = await storedUpload('passwords? no.', { fileName: '../../etc/passwd' })
    const url = await signedUrl(upload)
    assert.equal(url.pathname, `/files/${upload.id}/passwd`)
    const response = await fetch(url)
    assert.equal(await response.text(), 'passwords? no.')
    assert.match(response.headers.get('content-disposition')!, /^attachment; filename="?passwd"?$/)

    const traversal = await fetch(
      new URL(`/files/${upload.id}/..%2F..%2Fetc%2Fpasswd${url.search}`, ORIGIN)
    )
    assert.equal(traversal.status, 403)
  })

  test('accented and spaced names survive the link and the header', async ({ assert }) => {
    const upload = await storedUpload('cv', { fileName: 'Résumé 2026 (v2) #1.pdf' })
    const url = await signedUrl(upload)
    assert.equal(url.pathname, `/files/${upload.id}/Resume_2026_(v2)__1.pdf`)
    const response = await fetch(url)
    assert.equal(response.status, 200)
    assert.include(
      response.headers.get('content-disposition')!,
      `filename*=UTF-8''R%C3%A9sum%C3%A9%202026%20%28v2%29%20%231.pdf`
    )
  })

  test('files of many chunks arrive byte for byte, whole and in ranges, several at once and to a slow reader', async ({
    assert,
  }) => {
    // Not a whole number of the sender's 1 MiB chunks, and different bytes in each file.
    const contents = [randomBytes(9 * MiB + 12_345), randomBytes(5 * MiB + 1)]
    const uploads = await Promise.all(contents.map((content) => storedUpload(content)))
    const urls = await Promise.all(uploads.map((upload) => signedUrl(upload)))
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

    const [slow, ...fast] = await Promise.all([
      // This reader waits before taking anything, so the server's writes back up.
      getBody(urls[0], {}, 300),
      getBody(urls[0]),
      getBody(urls[1]),
      getBody(urls[0], { range: `bytes=${MiB - 7}-${3 * MiB + 5}` }),
      getBody(urls[1], { range: `bytes=-${2 * MiB + 3}` }),
    ])
    assert.equal(sha(slow.body), sha(contents[0]))
    assert.equal(sha(fast[0].body), sha(contents[0]))
    assert.equal(sha(fast[1].body), sha(contents[1]))
    assert.equal(fast[2].status, 206)
    assert.equal(sha(fast[2].body), sha(contents[0].subarray(MiB - 7, 3 * MiB + 6)))
    assert.equal(fast[3].status, 206)
    assert.equal(sha(fast[3].body), sha(contents[1].subarray(3 * MiB - 2)))
  })

  test('a client that leaves mid-way stops the reading and lets the file go', async ({
    assert,
  }) => {
    const content = randomBytes(20 * MiB)
    const upload = await storedUpload(content)
    const url = await signedUrl(upload)
    await new Promise<void>((resolve, reject) => {
      const request = httpGet(url, (response) => {
        response.once('data', () => {
          request.destroy()
          resolve()
        })
      })
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)))
    })
    // The server closes the file once it sees the socket gone.
    const path = await realpath(storedPath(upload))
    const open = async () => {
      const fds = await readdir('/proc/self/fd')
      const targets = await Promise.all(
        fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => ''))
      )
      return targets.filter((target) => target === path).length
    }
    for (let tries = 0; (await open()) > 0 && tries < 100; tries++) {
      await setTimeout(20)
    }
    assert.equal(await open(), 0)
    // And goes on serving it.
    const again = await getBody(url)
    assert.equal(again.body.length, content.length)
  })

  test('a file gone from the disk, or an unfinished upload, is 404 even with a valid signature', async ({
    assert,
  }) => {
    const gone = await storedUpload('x')
    const goneUrl = await signedUrl(gone)
    await rm(storedPath(gone))
    const goneResponse = await fetch(goneUrl)
    assert.equal(goneResponse.status, 404)

    const partial = await storedUpload('x', { status: 'uploading' })
    const partialResponse = await fetch(await signedUrl(partial))
    assert.equal(partialResponse.status, 404)
  })
})

test.group('the share page at /s/:token', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  function visit(client: any, token: string) {
    return client.get(`/s/${token}`).header('x-inertia', 'true').header('x-inertia-version', '1')
  }

  test('shows the file, its size and whether a password is needed', async ({ client, assert }) => {
    const upload = await storedUpload('twelve bytes', { fileName: 'grade.mov' })
    const share = await new StaffShares().create(upload.id, { password: 'pw' }, null, ORIGIN)
    const response = await visit(client, share.token)
    response.assertStatus(200)
    assert.equal(response.body().component, 'transfer/share')
    assert.containsSubset(response.body().props, {
      siteName: 'Transfer',
      share: { token: share.token, fileName: 'grade.mov', size: 12, hasPassword: true },
      unavailable: null,
    })
    assert.notInclude(response.text(), '$2b$')

    const html = await client.get(`/s/${share.token}`).header('accept', 'text/html')
    html.assertStatus(200)
    assert.include(html.text(), 'transfer/share')
  })

  test('names who sent it: the creator, or the company alone once they are gone', async ({
    client,
    assert,
  }) => {
    await new TransferSettings().set('site_name', 'Harbour Films')
    const { user } = await transferPerson('staff', 'rita@example.com')
    user.displayName = 'Rita Moreno'
    await user.save()
    const upload = await storedUpload('x')
    const share = await new StaffShares().create(upload.id, {}, user.id, ORIGIN)

    const page = await visit(client, share.token)
    assert.equal(page.body().props.siteName, 'Harbour Films')
    assert.equal(page.body().props.share.senderName, 'Rita Moreno')
    // The JSON route keeps the spec's body: the sender is the page's alone.
    const metadata = await client.get(`/api/share/${share.token}`)
    assert.notProperty(metadata.body(), 'senderName')

    await user.delete()
    const orphan = await visit(client, share.token)
    assert.isNull(orphan.body().props.share.senderName)
  })

  test('an unknown share is a 404 page, an expired one a 410 page', async ({ client, assert }) => {
    const unknown = await visit(client, 'no-such-token')
    unknown.assertStatus(404)
    assert.deepEqual(unknown.body().props.unavailable, { status: 404, message: 'Share not found' })

    const upload = await storedUpload('x')
    const share = await new StaffShares().create(
      upload.id,
      { expiresAt: new Date(Date.now() - 60_000) },
      null,
      ORIGIN
    )
    const expired = await client.get(`/s/${share.token}`).header('accept', 'text/html')
    expired.assertStatus(410)
    assert.include(expired.text(), 'This share has expired')
  })
})
