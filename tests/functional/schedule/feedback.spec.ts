import sharp from 'sharp'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import Feedback from '#models/schedule/feedback'
import { jobs } from '#jobs/schedule/registry'
import type { JobSender } from '#services/shared/jobs/job_definition'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import { TASKBOARD_CARD_JOB } from '#services/schedule/feedback/taskboard_webhook'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { startTaskboardReceiver, type TaskboardReceiver } from '#tests/fakes/taskboard'

type Agent = ApiClient

const sent: { name: string; data: unknown }[] = []
const recorder: JobSender = {
  async send(name, data) {
    sent.push({ name, data: data ?? null })
    return 'recorded'
  },
}

function redSquare() {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#d00000' } })
}

/** A JPEG from a camera: EXIF with a position in it. */
function photoWithExif() {
  return redSquare()
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Location 51.5N' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer()
}

/** One attempt of the card job, as a worker runs it. */
async function runCardJob(feedbackId: number, retryCount = 0) {
  const definition = jobs.find((job) => job.name === TASKBOARD_CARD_JOB)!
  return definition.handler(
    { feedbackId },
    {
      jobId: 'test',
      retryCount,
      isLastAttempt: false,
      signal: new AbortController().signal,
      jobs: recorder,
    }
  )
}

async function sendFeedback(
  client: Agent,
  session: Record<string, string | number>,
  screenshot?: Buffer,
  name = 'screen.png'
) {
  const request = client
    .post('/api/feedback')
    .field('category', 'bug')
    .field('description', 'The calendar shows the wrong week\nafter I press Today.')
    .field('pageUrl', 'http://localhost:3334/calendar?view=week')
    .withSession(session)
    .withCsrfToken()
  if (screenshot) {
    request.file('screenshot', screenshot, { filename: name })
  }
  return request
}

async function connect(client: Agent, session: Record<string, string | number>, url: string) {
  const response = await client
    .post('/api/admin/taskboard/webhook')
    .json({ url })
    .withSession(session)
    .withCsrfToken()
  response.assertStatus(200)
  return response.body() as { signingSecret: string; status: { configured: boolean } }
}

test.group('schedule /api/feedback', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    sent.length = 0
    app.container.swap(JobRuntime, () => recorder as JobRuntime)
    return () => app.container.restore(JobRuntime)
  })

  test('anyone signed in sends feedback with a screenshot, re-encoded and kept private', async ({
    client,
    assert,
  }) => {
    const { session, user } = await schedulePerson('staff')
    // A PNG with something else after its end: only the pixels survive.
    const png = Buffer.concat([
      await redSquare().png().toBuffer(),
      Buffer.from('<script>alert(1)</script>'),
    ])
    const response = await sendFeedback(client, session, png)
    response.assertStatus(201)
    const body = response.body()
    assert.containsSubset(body, {
      category: 'bug',
      description: 'The calendar shows the wrong week\nafter I press Today.',
      pageUrl: 'http://localhost:3334/calendar?view=week',
      status: 'new',
      adminNotes: null,
      user: { id: user.id, name: user.displayName, email: user.email },
      screenshot: { contentType: 'image/png', width: 40, height: 30 },
    })

    const row = await Feedback.findOrFail(body.id)
    const stored = Buffer.from(await drive.use('private').getBytes(row.screenshotKey!))
    assert.notInclude(stored.toString('latin1'), '<script>')
    const decoded = await sharp(stored).metadata()
    assert.equal(decoded.format, 'png')
    assert.equal(row.screenshotSize, stored.length)
    // Not on the public disk, nor under its /uploads route.
    assert.isFalse(await drive.use('fs').exists(row.screenshotKey!))
    const publicCopy = await client.get(`/uploads/${row.screenshotKey}`)
    assert.notEqual(publicCopy.status(), 200)
    // No taskboard set up: no card job.
    assert.deepEqual(sent, [])
  })

  test('a photo stays a JPEG without its EXIF; no screenshot at all is fine too', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const photo = await photoWithExif()
    const original = await sharp(photo).metadata()
    assert.isDefined(original.exif)
    const response = await sendFeedback(client, session, photo, 'photo.jpg')
    response.assertStatus(201)
    const row = await Feedback.findOrFail(response.body().id)
    const stored = Buffer.from(await drive.use('private').getBytes(row.screenshotKey!))
    const metadata = await sharp(stored).metadata()
    assert.equal(metadata.format, 'jpeg')
    assert.isUndefined(metadata.exif)
    assert.notInclude(stored.toString('latin1'), 'Secret Location')

    const plain = await client
      .post('/api/feedback')
      .json({ category: 'idea', description: 'A dark theme', pageUrl: null })
      .withSession(session)
      .withCsrfToken()
    plain.assertStatus(201)
    assert.isNull(plain.body().screenshot)
  })

  test('a file that is not an image, one too large or a bad category is a 422', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const fake = await sendFeedback(client, session, Buffer.from('MZ not an image at all'), 'x.png')
    fake.assertStatus(422)
    assert.equal(fake.body().errors[0].field, 'screenshot')

    const huge = await sendFeedback(
      client,
      session,
      Buffer.alloc(8 * 1024 * 1024 + 1, 1),
      'huge.png'
    )
    huge.assertStatus(422)
    assert.equal(huge.body().errors[0].field, 'screenshot')

    const category = await client
      .post('/api/feedback')
      .json({ category: 'rant', description: '' })
      .withSession(session)
      .withCsrfToken()
    category.assertStatus(422)
    assert.sameMembers(
      category.body().errors.map((error: { field: string }) => error.field),
      ['category', 'description']
    )
    assert.lengthOf(await Feedback.all(), 0)
  })

  test('one person sends at most 20 an hour; then 429 with Retry-After', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    for (let count = 0; count < 20; count++) {
      const response = await client
        .post('/api/feedback')
        .json({ category: 'other', description: `Note ${count}` })
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(201)
    }
    const refused = await client
      .post('/api/feedback')
      .json({ category: 'other', description: 'One too many' })
      .withSession(session)
      .withCsrfToken()
    refused.assertStatus(429)
    assert.isAbove(Number(refused.header('retry-after')), 0)
    assert.lengthOf(await Feedback.query().where('description', 'One too many'), 0)
    // Someone else is not held back.
    const { session: other } = await schedulePerson('staff')
    const theirs = await client
      .post('/api/feedback')
      .json({ category: 'other', description: 'Mine' })
      .withSession(other)
      .withCsrfToken()
    theirs.assertStatus(201)
  })

  test('admins list, triage, view the screenshot and delete; staff cannot', async ({
    client,
    assert,
  }) => {
    const { session: staff, user: reporter } = await schedulePerson('staff')
    const { session: admin } = await schedulePerson('admin')
    const created = await sendFeedback(client, staff, await redSquare().png().toBuffer())
    const id = created.body().id
    const row = await Feedback.findOrFail(id)

    for (const [method, url] of [
      ['get', '/api/feedback'],
      ['patch', `/api/feedback/${id}`],
      ['delete', `/api/feedback/${id}`],
      ['get', `/api/feedback/${id}/screenshot`],
    ] as const) {
      const refused = await client
        .request(url, method.toUpperCase())
        .json({})
        .withSession(staff)
        .withCsrfToken()
      refused.assertStatus(403)
      assert.deepEqual(refused.body(), { message: 'Admin access required' })
    }
    const page = await client.get('/admin/feedback').withSession(staff)
    page.assertStatus(403)

    const list = await client.get('/api/feedback').withSession(admin)
    list.assertStatus(200)
    assert.containsSubset(list.body(), [
      { id, user: { id: reporter.id, email: reporter.email }, status: 'new' },
    ])

    const shot = await client.get(`/api/feedback/${id}/screenshot`).withSession(admin)
    shot.assertStatus(200)
    assert.equal(shot.header('content-type'), 'image/png')
    const bytes = await drive.use('private').getBytes(row.screenshotKey!)
    assert.equal(Number(shot.header('content-length')), bytes.length)

    const triaged = await client
      .patch(`/api/feedback/${id}`)
      .json({ status: 'in_progress', adminNotes: 'Seen on Safari only' })
      .withSession(admin)
      .withCsrfToken()
    triaged.assertStatus(200)
    assert.containsSubset(triaged.body(), {
      status: 'in_progress',
      adminNotes: 'Seen on Safari only',
    })
    const bad = await client
      .patch(`/api/feedback/${id}`)
      .json({ status: 'closed' })
      .withSession(admin)
      .withCsrfToken()
    bad.assertStatus(422)
    const missing = await client
      .patch('/api/feedback/999999')
      .json({ status: 'done' })
      .withSession(admin)
      .withCsrfToken()
    missing.assertStatus(404)
    assert.deepEqual(missing.body(), { message: 'Feedback not found' })

    const removed = await client.delete(`/api/feedback/${id}`).withSession(admin).withCsrfToken()
    removed.assertStatus(200)
    assert.deepEqual(removed.body(), { success: true })
    assert.isNull(await Feedback.find(id))
    assert.isFalse(await drive.use('private').exists(row.screenshotKey!))
  })
})

test.group('schedule taskboard webhook', (group) => {
  let receiver: TaskboardReceiver

  group.setup(async () => {
    receiver = await startTaskboardReceiver()
    return () => receiver.close()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    receiver.reset()
    sent.length = 0
    app.container.swap(JobRuntime, () => recorder as JobRuntime)
    return () => app.container.restore(JobRuntime)
  })

  test('staff get 403 on every taskboard route; signed out 401', async ({ client, assert }) => {
    const { session: staff } = await schedulePerson('staff')
    for (const [method, path] of [
      ['GET', 'status'],
      ['POST', 'webhook'],
      ['POST', 'disconnect'],
      ['POST', 'test'],
    ] as const) {
      const refused = await client
        .request(`/api/admin/taskboard/${path}`, method)
        .json({ url: receiver.url })
        .withSession(staff)
        .withCsrfToken()
      refused.assertStatus(403)
      const signedOut = await client.request(`/api/admin/taskboard/${path}`, method).withCsrfToken()
      signedOut.assertStatus(401)
    }
    assert.lengthOf(receiver.received, 0)
  })

  test('an admin saves the URL, gets the secret once, tests it and disconnects', async ({
    client,
    assert,
  }) => {
    const { session: admin } = await schedulePerson('admin')
    const before = await client.get('/api/admin/taskboard/status').withSession(admin)
    assert.deepEqual(before.body(), {
      configured: false,
      url: null,
      connectedAt: null,
      lastDelivery: null,
    })
    const notYet = await client.post('/api/admin/taskboard/test').withSession(admin).withCsrfToken()
    notYet.assertStatus(409)

    const saved = await connect(client, admin, receiver.url)
    assert.match(saved.signingSecret, /^whsec_[A-Za-z0-9+/]+=*$/)
    assert.isTrue(saved.status.configured)
    receiver.useSecret(saved.signingSecret)
    const status = await client.get('/api/admin/taskboard/status').withSession(admin)
    assert.containsSubset(status.body(), { configured: true, url: receiver.url })
    assert.notInclude(JSON.stringify(status.body()), saved.signingSecret)

    const tested = await client.post('/api/admin/taskboard/test').withSession(admin).withCsrfToken()
    tested.assertStatus(200)
    assert.deepEqual(tested.body(), { success: true, status: 202 })
    assert.lengthOf(receiver.deliveries, 1)
    assert.equal(receiver.deliveries[0].type, 'taskboard.test')
    const after = await client.get('/api/admin/taskboard/status').withSession(admin)
    assert.containsSubset(after.body().lastDelivery, { success: true, status: 202 })

    // A receiver holding an old secret refuses the signature: the test says so.
    receiver.useSecret(`whsec_${Buffer.alloc(32, 7).toString('base64')}`)
    const refused = await client
      .post('/api/admin/taskboard/test')
      .withSession(admin)
      .withCsrfToken()
    assert.deepEqual(refused.body(), {
      success: false,
      status: 401,
      error: 'The receiver answered 401',
    })

    const disconnected = await client
      .post('/api/admin/taskboard/disconnect')
      .withSession(admin)
      .withCsrfToken()
    disconnected.assertStatus(200)
    assert.isFalse(disconnected.body().status.configured)
    const gone = await client.post('/api/admin/taskboard/test').withSession(admin).withCsrfToken()
    gone.assertStatus(409)
  })

  test('new feedback is sent as a signed card; a failing receiver is retried, the card sent once', async ({
    client,
    assert,
  }) => {
    const { session: admin } = await schedulePerson('admin')
    const { session: staff, user: reporter } = await schedulePerson('staff')
    const { signingSecret } = await connect(client, admin, receiver.url)
    receiver.useSecret(signingSecret)

    const created = await sendFeedback(client, staff, await redSquare().png().toBuffer())
    created.assertStatus(201)
    const id = created.body().id
    // The card's job was created with the feedback.
    assert.deepEqual(sent, [{ name: TASKBOARD_CARD_JOB, data: { feedbackId: id } }])

    // The receiver is down for the first attempt: the job fails, to be retried.
    receiver.failNext(503)
    await assert.rejects(() => runCardJob(id), /refused feedback/)
    let row = await Feedback.findOrFail(id)
    assert.isNull(row.taskboardSentAt)
    assert.equal(row.taskboardError, 'The receiver answered 503')
    assert.equal(row.taskboardAttempts, 1)
    assert.lengthOf(receiver.deliveries, 0)

    assert.equal(await runCardJob(id, 1), 'sent')
    assert.equal(await runCardJob(id, 2), 'nothing to send')
    row = await Feedback.findOrFail(id)
    assert.isNotNull(row.taskboardSentAt)
    assert.isNull(row.taskboardError)
    assert.equal(row.taskboardAttempts, 2)

    assert.lengthOf(receiver.deliveries, 1)
    const [card] = receiver.deliveries
    // Both attempts carried the same id, so a receiver can drop a repeat.
    assert.deepEqual(
      receiver.received.map((request) => request.headers['webhook-id']),
      [`feedback_${id}`, `feedback_${id}`]
    )
    assert.equal(card.type, 'feedback.created')
    assert.containsSubset(card.data, {
      id,
      title: '[Bug] The calendar shows the wrong week',
      description: 'The calendar shows the wrong week\nafter I press Today.',
      category: 'bug',
      reporter: { name: reporter.displayName, email: reporter.email },
      pageUrl: 'http://localhost:3334/calendar?view=week',
    })

    // The screenshot link works without a session, for a while; a forged one does not.
    const link = new URL(card.data.screenshotUrl as string)
    const shot = await client.get(link.pathname)
    shot.assertStatus(200)
    assert.equal(shot.header('content-type'), 'image/png')
    const forged = await client.get(`${link.pathname.slice(0, -4)}AAAA`)
    forged.assertStatus(404)

    // Deleting the feedback ends the link.
    await client.delete(`/api/feedback/${id}`).withSession(admin).withCsrfToken()
    const afterDelete = await client.get(link.pathname)
    afterDelete.assertStatus(404)
  })

  test('a receiver that does not answer in time fails the attempt', async ({ client, assert }) => {
    const { TaskboardWebhook } = await import('#services/schedule/feedback/taskboard_webhook')
    const { FeedbackScreenshots } = await import('#services/schedule/feedback/feedback_screenshots')
    const { session: admin } = await schedulePerson('admin')
    const { signingSecret } = await connect(client, admin, receiver.url)
    receiver.useSecret(signingSecret)
    receiver.failNext('hang')
    const impatient = new TaskboardWebhook(new FeedbackScreenshots(), { strict: false }, 300)
    assert.deepEqual(await impatient.sendTest(), {
      success: false,
      error: 'The receiver did not answer within 0.3 s',
    })
    assert.lengthOf(receiver.received, 1)
    assert.lengthOf(receiver.deliveries, 0)
  })

  test('a card whose webhook was disconnected meanwhile is not retried', async ({
    client,
    assert,
  }) => {
    const { session: admin } = await schedulePerson('admin')
    const { session: staff } = await schedulePerson('staff')
    await connect(client, admin, receiver.url)
    const created = await sendFeedback(client, staff)
    await client.post('/api/admin/taskboard/disconnect').withSession(admin).withCsrfToken()

    assert.equal(await runCardJob(created.body().id), 'not connected')
    const row = await Feedback.findOrFail(created.body().id)
    assert.isNull(row.taskboardSentAt)
    assert.equal(row.taskboardError, 'No taskboard webhook is set up')
    assert.lengthOf(receiver.received, 0)

    // Feedback sent while nothing is connected gets no job at all.
    sent.length = 0
    const later = await sendFeedback(client, staff)
    later.assertStatus(201)
    assert.deepEqual(sent, [])
  })
})

test.group('schedule taskboard webhook: addresses in production', () => {
  test('https only; loopback, private and link-local addresses are refused', async ({ assert }) => {
    const { TaskboardWebhook } = await import('#services/schedule/feedback/taskboard_webhook')
    const { FeedbackScreenshots } = await import('#services/schedule/feedback/feedback_screenshots')
    const production = new TaskboardWebhook(new FeedbackScreenshots(), { strict: true })
    for (const [url, message] of [
      ['http://93.184.216.34/hook', 'The URL must use https'],
      ['ftp://example.com/hook', 'The URL must start with https://'],
      ['https://user:pw@93.184.216.34/hook', 'The URL must not contain a user name or password'],
      ['https://127.0.0.1/hook', 'private, loopback or link-local'],
      ['https://localhost/hook', 'private, loopback or link-local'],
      ['https://[::1]/hook', 'private, loopback or link-local'],
      ['https://[::ffff:10.1.2.3]/hook', 'private, loopback or link-local'],
      ['https://10.0.0.8/hook', 'private, loopback or link-local'],
      ['https://192.168.1.20/hook', 'private, loopback or link-local'],
      ['https://169.254.169.254/latest/meta-data', 'private, loopback or link-local'],
      ['https://[fd00::1]/hook', 'private, loopback or link-local'],
    ] as const) {
      const error = await production.connect(url).then(
        () => null,
        (refusal) => refusal
      )
      assert.isNotNull(error, url)
      assert.include(error.messages[0].message, message, url)
      assert.equal(error.messages[0].field, 'url')
    }
  }).setup(() => testUtils.db().withGlobalTransaction())

  test('a saved URL is checked again at each delivery: nothing is sent to a private address', async ({
    assert,
  }) => {
    const { TaskboardWebhook } = await import('#services/schedule/feedback/taskboard_webhook')
    const { FeedbackScreenshots } = await import('#services/schedule/feedback/feedback_screenshots')
    const receiver = await startTaskboardReceiver()
    try {
      // Saved while the rules allowed it (development), sent under production's
      // rules: the host name now resolves to loopback.
      const port = new URL(receiver.url).port
      await new TaskboardWebhook().connect(`https://localhost:${port}/hooks/cards`)
      const production = new TaskboardWebhook(new FeedbackScreenshots(), { strict: true })
      const result = await production.sendTest()
      assert.isFalse(result.success)
      assert.include(result.error, 'private, loopback or link-local')
      assert.lengthOf(receiver.received, 0)
      const status = await production.status()
      assert.containsSubset(status.lastDelivery, { success: false, type: 'taskboard.test' })
    } finally {
      await receiver.close()
    }
  }).setup(() => testUtils.db().withGlobalTransaction())
})
