import { createHash, randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import pg from 'pg'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright'
import { readOutbox } from '#services/shared/mail/outbox_transport'
import { ADMIN_EMAIL, ADMIN_NAME, Rehearsal } from '#tests/helpers/deployment/rehearsal'
import { HttpsVisitor } from '#tests/helpers/deployment/https_visitor'
import { transferAccountMenu } from '#tests/helpers/transfer_browser'
import { waitUntil } from '#tests/helpers/wait_until'

const MiB = 1024 * 1024

function sha256(bytes: Buffer) {
  return createHash('sha256').update(bytes).digest('hex')
}

/** A request body that sends its first `held` bytes, then waits until released. */
function heldBody(bytes: Buffer, held: number) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  async function* body() {
    yield bytes.subarray(0, held)
    await released
    yield bytes.subarray(held)
  }
  return { body: body(), release }
}

/*
 * The deployment the README's "Deployment" section describes, run on this
 * machine from deploy/ (tests/helpers/deployment/rehearsal.ts): the build,
 * sso ×1, transfer ×2 and schedule ×2 web instances and one jobs:work per app
 * from the systemd units, NODE_ENV=production, transfer on S3, Caddy in front
 * with TLS from its internal CA. The tests run in order on one deployment
 * and one person's browser.
 */
test.group('the rehearsed deployment (deploy/)', (group) => {
  let rehearsal: Rehearsal
  let browser: Browser
  let person: BrowserContext

  group.setup(async () => {
    rehearsal = await Rehearsal.start()
    try {
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: await rehearsal.chromiumArgs(),
      })
      person = await browser.newContext()
    } catch (error) {
      await rehearsal.stop()
      throw error
    }
    return async () => {
      await browser.close()
      await rehearsal.stop()
    }
  })
  group.each.setup(() => async (hasError: boolean) => {
    if (hasError) {
      rehearsal.printRecentOutput()
    }
    for (const page of person.pages()) {
      await page.close()
    }
  })

  async function uploadRow(id: string) {
    const client = new pg.Client({ connectionString: rehearsal.databaseUrl('transfer') })
    await client.connect()
    try {
      const { rows } = await client.query(
        'select id, status, hash_status, content_sha256 from public_uploads where storage_key = $1',
        [id]
      )
      return rows[0] as
        | { id: string; status: string; hash_status: string; content_sha256: string | null }
        | undefined
    } finally {
      await client.end()
    }
  }

  /*
   * The rest of an upload from the offset the server holds, retried as tus
   * clients retry: until Caddy's next health check has noticed an instance
   * died, a PATCH it sends there cannot be resent to the other (Caddy 2.6
   * does not replay request bodies) and answers 502.
   */
  async function resume(visitor: HttpsVisitor, location: string, bytes: Buffer) {
    for (let attempt = 1; ; attempt++) {
      const offset = await visitor.offset(location)
      const answer = await visitor.patch(
        location,
        offset,
        bytes.subarray(offset),
        bytes.length - offset
      )
      if (answer.status !== 502 || attempt === 3) {
        return answer
      }
      await sleep(1000)
    }
  }

  async function signInAtSso(page: Page) {
    await page.waitForURL(`${rehearsal.url('sso')}/login`)
    await page.getByLabel('Email').fill(ADMIN_EMAIL)
    await page.getByLabel('Password').fill(rehearsal.adminPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }

  test('people sign in at transfer and schedule through sso, over HTTPS: Secure cookies, HSTS', async ({
    assert,
  }) => {
    const transfer = await person.newPage()
    await transfer.goto(`${rehearsal.url('transfer')}/admin`)
    await signInAtSso(transfer)
    await transferAccountMenu(transfer).waitFor()
    assert.equal(transfer.url(), `${rehearsal.url('transfer')}/admin`)

    const schedule = await person.newPage()
    await schedule.goto(rehearsal.url('schedule'))
    await schedule.waitForURL(new RegExp(`^${rehearsal.url('schedule')}/calendar(\\?|$)`))
    await schedule.getByText(ADMIN_NAME).waitFor()

    for (const appId of ['sso', 'transfer', 'schedule'] as const) {
      const page = await person.newPage()
      const response = await page.goto(`${rehearsal.url(appId)}/`)
      assert.match(
        response!.headers()['strict-transport-security'] ?? '',
        /max-age=\d+/,
        `${appId} sends HSTS`
      )
    }
    const cookies = await person.cookies()
    for (const [name, host] of [
      ['connect.sid', 'sso.localhost'],
      ['sessionId', 'transfer.localhost'],
      ['schedule.sid', 'schedule.localhost'],
    ]) {
      const cookie = cookies.find((entry) => entry.name === name && entry.domain === host)
      assert.isDefined(cookie, `${name} on ${host}`)
      assert.isTrue(cookie!.secure, `${name} is Secure`)
    }
  })

  test('node ace doctor finds each app deployed as the README says healthy, but for mail kept in the outbox', async ({
    assert,
  }) => {
    for (const appId of ['sso', 'transfer', 'schedule'] as const) {
      const report = await rehearsal.doctor(appId)
      const failed = report.filter((check) => check.status === 'failed')
      // The rehearsal keeps mail in an outbox to read it back; in production that is a failure.
      assert.deepEqual(
        failed.map((check) => check.name),
        ['Mail delivery'],
        `${appId}: ${JSON.stringify(failed, null, 2)}`
      )
      assert.include(failed[0].detail, 'outbox mode')
      const passed = report.filter((check) => check.status === 'ok').map((check) => check.name)
      const expected = [
        'Required settings',
        'APP_URL for NODE_ENV',
        'APP_URL vs PORT, HOST and the proxy',
        'PostgreSQL reachable',
        'Migrations current',
        'pg-boss schema works',
        // transfer keeps its files in the bucket: the S3 check stands for the folders.
        ...(appId === 'transfer' ? [] : ['Files folders writable']),
        ...(appId === 'sso' ? ['Signing keys current'] : ['sso reachable, apiKey accepted']),
        ...(appId === 'transfer' ? ['S3 bucket reachable', 'ffmpeg', 'ffprobe'] : []),
        ...(appId === 'schedule' ? ['PDF fonts'] : []),
      ]
      assert.deepEqual(
        expected.filter((name) => !passed.includes(name)),
        [],
        `${appId}: ${JSON.stringify(report, null, 2)}`
      )
    }
  })

  test('a change on schedule is there on both instances', async ({ assert }) => {
    const page = await person.newPage()
    await page.goto(`${rehearsal.url('schedule')}/admin`)
    await page.getByRole('heading', { name: 'People' }).waitFor()
    await page.getByLabel('Email', { exact: true }).fill('gaffer@example.com')
    await page.getByRole('button', { name: 'Add person' }).click()
    await page.getByText('gaffer@example.com can now sign in.', { exact: true }).waitFor()
    await page.reload()
    await page.getByRole('cell', { name: 'gaffer@example.com' }).waitFor()

    // Each instance, asked directly as Caddy asks it, knows the session and the person.
    const scheduleCookies = await person.cookies(rehearsal.url('schedule'))
    const cookie = scheduleCookies.map(({ name, value }) => `${name}=${value}`).join('; ')
    for (const instance of rehearsal.instances.schedule) {
      const response = await fetch(`http://${rehearsal.address(instance)}/api/admin/users`, {
        headers: {
          'cookie': cookie,
          'accept': 'application/json',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': new URL(rehearsal.url('schedule')).host,
        },
      })
      assert.equal(response.status, 200, `${instance.name} answers`)
      assert.include(await response.text(), 'gaffer@example.com', `${instance.name} has the change`)
    }
  })

  test('a tus upload alternates instances, outlives the one killed under it, is shared and downloaded', async ({
    assert,
  }) => {
    const instances = rehearsal.instances.transfer
    const addresses = instances.map((instance) => rehearsal.address(instance))
    const visitor = new HttpsVisitor(rehearsal.url('transfer'), rehearsal.agent)
    await visitor.request('GET', '/', { headers: { accept: 'text/html' } })
    const bytes = randomBytes(20 * MiB)
    const location = await visitor.createUpload(bytes.length, { filename: 'rushes.mov' })
    const key = location.split('/').pop()!

    // Each PATCH is held half-sent while Caddy's admin API says which instance has it.
    const holders: string[] = []
    for (const offset of [0, 6 * MiB]) {
      const part = bytes.subarray(offset, offset + 6 * MiB)
      const { body, release } = heldBody(part, 3 * MiB)
      const answer = visitor.patch(location, offset, body, part.length)
      holders.push(await rehearsal.caddy.busyUpstream(addresses))
      release()
      const answered = await answer
      assert.equal(answered.status, 204)
    }
    assert.notEqual(holders[0], holders[1], 'consecutive PATCHes went to different instances')

    const rest = bytes.subarray(12 * MiB)
    const held = heldBody(rest, 4 * MiB)
    const cut = visitor.patch(location, 12 * MiB, held.body, rest.length)
    const holder = instances[addresses.indexOf(await rehearsal.caddy.busyUpstream(addresses))]
    holder.signal('SIGKILL')
    const killed = await holder.exited
    assert.equal(killed.signal, 'SIGKILL')
    held.release()
    const cutAnswer = await cut.catch(() => null)
    assert.notEqual(cutAnswer?.status, 204, 'the PATCH the killed instance held did not finish')

    // The client resumes as tus clients do: the offset the server holds, then the rest.
    const offset = await visitor.offset(location)
    assert.isAtLeast(offset, 12 * MiB)
    assert.isAtMost(offset, 16 * MiB)
    const finished = await resume(visitor, location, bytes)
    assert.equal(finished.status, 204)
    const row = await waitUntil('the upload to be hashed', async () => {
      const found = await uploadRow(key)
      return found?.hash_status === 'done' && found
    })
    assert.equal(row.status, 'complete')
    assert.equal(row.content_sha256, sha256(bytes))

    // Staff share it (signed in since the first test) and anyone downloads it by the link.
    const admin = await person.newPage()
    await admin.goto(`${rehearsal.url('transfer')}/admin`)
    // As the staff pages' scripts call the API: same origin, the page's CSRF token.
    const csrfToken = await admin.locator('meta[name="csrf-token"]').getAttribute('content')
    const created = await admin.evaluate(
      async ([uploadId, token]) => {
        const response = await fetch('/api/staff-shares', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'accept': 'application/json',
            'x-csrf-token': token,
          },
          body: JSON.stringify({ uploadId }),
        })
        return { status: response.status, body: (await response.json()) as { token: string } }
      },
      [row.id, csrfToken!]
    )
    assert.equal(created.status, 201, JSON.stringify(created.body))
    const { token } = created.body
    await admin.goto(`${rehearsal.url('transfer')}/s/${token}`)
    await admin.getByText('rushes.mov').first().waitFor()

    const downloader = new HttpsVisitor(rehearsal.url('transfer'), rehearsal.agent)
    const grant = await downloader.request('POST', `/api/share/${token}/download`, {
      headers: { 'content-type': 'application/json', 'accept': 'application/json' },
      body: Buffer.from('{}'),
    })
    assert.equal(grant.status, 200, grant.body.toString())
    // On the s3 disk the link is a presigned URL of the bucket: the bytes come from there.
    const file = await fetch(JSON.parse(grant.body.toString()).url)
    assert.equal(file.status, 200)
    assert.equal(sha256(Buffer.from(await file.arrayBuffer())), sha256(bytes))

    // systemd's Restart=on-failure starts the killed instance again.
    await rehearsal.restart(holder)
  })

  test('a job a web instance queues is run by jobs:work (JOBS_IN_WEB=false)', async ({
    assert,
  }) => {
    const worker = rehearsal.workers.transfer
    await worker.stop()
    const visitor = new HttpsVisitor(rehearsal.url('transfer'), rehearsal.agent)
    const bytes = randomBytes(1024)
    const location = await visitor.createUpload(bytes.length, { filename: 'call-sheet.pdf' })
    const sent = await visitor.patch(location, 0, bytes, bytes.length)
    assert.equal(sent.status, 204)

    // The upload alert to the admins is queued; no web instance sends it.
    const alerted = async () => {
      const messages = await readOutbox(rehearsal.outbox('transfer'))
      return messages.some(
        (message) => message.to.includes(ADMIN_EMAIL) && message.text?.includes('call-sheet.pdf')
      )
    }
    await sleep(2000)
    assert.isFalse(await alerted(), 'sent without a worker')

    worker.start()
    await waitUntil('the worker to send the upload alert', alerted, 30_000)
  })

  test('SIGTERM: the instance finishes the request in flight and exits; Caddy sends new ones to the other', async ({
    assert,
  }) => {
    const instances = rehearsal.instances.transfer
    const addresses = instances.map((instance) => rehearsal.address(instance))
    const visitor = new HttpsVisitor(rehearsal.url('transfer'), rehearsal.agent)
    await visitor.request('GET', '/', { headers: { accept: 'text/html' } })
    const bytes = randomBytes(6 * MiB)
    const location = await visitor.createUpload(bytes.length, { filename: 'grade.mov' })
    const held = heldBody(bytes, 2 * MiB)
    const inFlight = visitor.patch(location, 0, held.body, bytes.length)
    const stopping = instances[addresses.indexOf(await rehearsal.caddy.busyUpstream(addresses))]
    const other = addresses.find((address) => address !== rehearsal.address(stopping))!

    stopping.signal('SIGTERM')
    // The instance answers Caddy's next health check 503; from then on new requests go to the other.
    await rehearsal.outOfRotation(stopping)
    assert.isTrue(stopping.running, 'the stopping instance still holds its request')
    const second = new HttpsVisitor(rehearsal.url('transfer'), rehearsal.agent)
    await second.request('GET', '/', { headers: { accept: 'text/html' } })
    const secondBytes = randomBytes(MiB)
    const secondLocation = await second.createUpload(secondBytes.length, { filename: 'sound.wav' })
    const secondHeld = heldBody(secondBytes, MiB / 2)
    const secondPatch = second.patch(secondLocation, 0, secondHeld.body, secondBytes.length)
    await waitUntil('the new PATCH to be held by the other instance', async () =>
      ((await rehearsal.caddy.upstreams()) ?? []).some(
        (upstream) => upstream.address === other && upstream.num_requests > 0
      )
    )
    secondHeld.release()
    const secondAnswer = await secondPatch
    assert.equal(secondAnswer.status, 204)

    // The stopping instance finishes what it held, with the right bytes, then exits.
    held.release()
    const finished = await inFlight
    assert.equal(finished.status, 204)
    const row = await waitUntil('the upload to be hashed', async () => {
      const found = await uploadRow(location.split('/').pop()!)
      return found?.hash_status === 'done' && found
    })
    assert.equal(row.content_sha256, sha256(bytes))
    assert.deepEqual(await stopping.exited, { code: 0, signal: null })
  })
})
