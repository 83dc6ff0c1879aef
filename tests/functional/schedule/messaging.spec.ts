import { test } from '@japa/runner'
import { inertiaVisit } from '#tests/helpers/inertia_visits'
import MessageTemplate from '#models/schedule/message_template'
import type { Group } from '@japa/runner/core'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import env from '#start/env'
import { appUrl } from '#config/app'
import Message from '#models/schedule/message'
import MessageRecipient from '#models/schedule/message_recipient'
import ProjectCrew from '#models/schedule/project_crew'
import SmsOptOut from '#models/schedule/sms_opt_out'
import Status from '#models/schedule/status'
import { jobs } from '#jobs/schedule/registry'
import type { JobSender } from '#services/shared/jobs/job_definition'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import { readOutbox } from '#services/shared/mail/outbox_transport'
import { SmsChannel } from '#services/schedule/messaging/sms_channel'
import { SmsClient } from '#services/schedule/messaging/sms_client'
import { SEND_TO_RECIPIENT_JOB } from '#services/schedule/messaging/message_delivery'
import { answerToken } from '#services/schedule/messaging/answer_links'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  assignCrew,
  assignVendor,
  createCrew,
  createProject,
  createVendor,
} from '#tests/helpers/schedule_records'
import { runCommand } from '#tests/helpers/ace_commands'
import { startTwilioFake, type TwilioFake } from '#tests/fakes/twilio'
import { startResendFake, type ResendFake } from '#tests/fakes/resend'
import emitter from '@adonisjs/core/services/emitter'
import { Secret } from '@adonisjs/core/helpers'
import { Mailer } from '@adonisjs/mail'
import { ResendTransport } from '@adonisjs/mail/transports/resend'
import { MessagingMailer } from '#services/schedule/messaging/messaging_mailer'

type Session = Record<string, string | number>

const queued: { name: string; data: { recipientId: number } }[] = []
const recorder: JobSender & Pick<JobRuntime, 'sendMany'> = {
  async send(name, data) {
    queued.push({ name, data: data as { recipientId: number } })
    return 'recorded'
  },
  async sendMany(name, data) {
    for (const one of data) {
      queued.push({ name, data: one as { recipientId: number } })
    }
  },
}

let twilio: TwilioFake
/** Where this test process's server listens (Twilio's webhooks are delivered there). */
const server = `http://${env.get('HOST')}:${env.get('PORT')}`
const base = appUrl.replace(/\/+$/, '')
const INBOUND_URL = `${base}/api/messaging/twilio/inbound`

function useSms(enabled = true) {
  app.container.swap(
    SmsChannel,
    () =>
      new SmsChannel(
        enabled
          ? new SmsClient({
              accountSid: twilio.accountSid,
              authToken: twilio.authToken,
              messagingServiceSid: twilio.messagingServiceSid,
              apiUrl: twilio.url,
            })
          : null
      )
  )
}

function withMessaging(group: Group) {
  group.setup(async () => {
    twilio = await startTwilioFake()
    return async () => {
      app.container.restore(SmsChannel)
      await twilio.close()
    }
  })
  group.each.setup(() => {
    twilio.reset()
    queued.length = 0
    useSms()
    app.container.swap(JobRuntime, () => recorder as JobRuntime)
    return () => app.container.restore(JobRuntime)
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
}

/** Mail the outbox holds for one address. */
async function mailTo(address: string) {
  const outbox = await readOutbox(env.get('MAIL_OUTBOX_DIR')!)
  return outbox.filter((mail) => mail.to.some((to) => to.includes(address)))
}

async function answerOf(recipientId: number) {
  const row = await MessageRecipient.findOrFail(recipientId)
  return row.answer
}

/** Works every queued send job once, as a worker would; `lastAttempt` as on the final retry. */
async function workQueue(lastAttempt = false) {
  const definition = jobs.find((job) => job.name === SEND_TO_RECIPIENT_JOB)!
  const failures: string[] = []
  for (const job of queued.splice(0)) {
    try {
      await definition.handler(job.data, {
        jobId: 'test',
        retryCount: 0,
        isLastAttempt: lastAttempt,
        signal: new AbortController().signal,
        jobs: recorder,
      })
    } catch (error) {
      failures.push((error as Error).message)
      queued.push(job)
    }
  }
  return failures
}

async function compose(client: ApiClient, session: Session, body: Record<string, unknown>) {
  return client.post('/api/messages').json(body).withSession(session).withCsrfToken()
}

async function recipientOf(messageId: number, name: string) {
  return MessageRecipient.query().where('messageId', messageId).where('name', name).firstOrFail()
}

async function roster() {
  const project = await createProject('2027-03-02', '2027-03-04', { name: 'Night Shoot' })
  const ana = await createCrew({
    name: 'Ana López',
    phone: '(415) 555-2671',
    email: 'ana@example.com',
  })
  const ben = await createCrew({ name: 'Ben Ode', phone: 'not a number', email: 'ben@example.com' })
  const grip = await createVendor({
    name: 'Grip Co',
    contactName: 'Cleo Grip',
    phone: '+1 212 555 0199',
  })
  await assignCrew(project, ana)
  await assignCrew(project, ben)
  await assignVendor(project, grip)
  return { project, ana, ben, grip }
}

const TEXT = 'Hi {firstName}, free for {project} {dates}? Call {callTime}. Answer: {answerLink}'

test.group('messaging: sending to a roster', (group) => {
  withMessaging(group)

  test('one job per recipient; texts through Twilio, email where no valid number', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project } = await roster()
    const response = await compose(client, session, {
      audience: { projectId: project.id },
      body: TEXT,
      channel: 'sms',
      callTime: '06:30',
    })
    response.assertStatus(201)
    const message = response.body()
    assert.equal(message.status, 'sent')
    assert.lengthOf(message.recipients, 3)
    assert.deepEqual(
      queued.map((job) => job.name),
      [SEND_TO_RECIPIENT_JOB, SEND_TO_RECIPIENT_JOB, SEND_TO_RECIPIENT_JOB]
    )
    assert.deepEqual(await workQueue(), [])

    // Two texts, to E.164 numbers, through the messaging service, filled per person.
    const texts = Object.fromEntries(twilio.messages.map((sent) => [sent.to, sent]))
    assert.sameMembers(Object.keys(texts), ['+14155552671', '+12125550199'])
    const ana = await recipientOf(message.id, 'Ana López')
    assert.equal(texts['+14155552671'].messagingServiceSid, twilio.messagingServiceSid)
    assert.equal(
      texts['+14155552671'].body,
      `Hi Ana, free for Night Shoot Tue 2 Mar – Thu 4 Mar 2027? Call 06:30. Answer: ${base}/answer/${answerToken(ana.id)}`
    )
    assert.match(texts['+12125550199'].body, /^Hi Cleo, free for Night Shoot/)
    assert.equal(texts['+14155552671'].statusCallback, `${base}/api/messaging/twilio/status`)
    assert.containsSubset(ana.serialize(), { smsStatus: 'sent', status: 'sent', channel: 'sms' })
    assert.equal(ana.smsSid, texts['+14155552671'].sid)

    // Ben's number is not valid: he gets the email instead.
    const ben = await recipientOf(message.id, 'Ben Ode')
    assert.containsSubset(ben.serialize(), {
      channel: 'email',
      emailStatus: 'sent',
      status: 'sent',
    })
    const mails = await mailTo('ben@example.com')
    assert.lengthOf(mails, 1)
    assert.equal(mails[0].subject, 'Availability: Night Shoot')
    assert.include(mails[0].text!, `Hi Ben, free for Night Shoot`)
    assert.include(mails[0].text!, `${base}/answer/${answerToken(ben.id)}`)

    // A job run again (at least once delivery) sends nothing more.
    queued.push({ name: SEND_TO_RECIPIENT_JOB, data: { recipientId: ana.id } })
    await workQueue()
    assert.lengthOf(twilio.messages, 2)
  })

  test("a number Twilio refuses fails at once with Twilio's error, no retry", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Dee Wrong', phone: '+1 415 555 0100' })
    twilio.refuseNumbers('+14155550100')
    const response = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free on Friday?',
      channel: 'sms',
    })
    response.assertStatus(201)
    assert.deepEqual(await workQueue(), [])
    const row = await recipientOf(response.body().id, 'Dee Wrong')
    assert.equal(row.status, 'failed')
    assert.equal(row.smsStatus, 'failed')
    assert.include(row.smsError!, '21211')
  })

  test('a 429 is retried by the SDK and the text goes once', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Eve Busy', phone: '+1 415 555 0101' })
    twilio.failNext(429)
    const response = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free on Friday?',
      channel: 'sms',
    })
    assert.deepEqual(await workQueue(), [])
    assert.lengthOf(twilio.received, 2)
    assert.lengthOf(twilio.messages, 1)
    const row = await recipientOf(response.body().id, 'Eve Busy')
    assert.equal(row.status, 'sent')
    assert.equal(row.attempts, 1)
  })

  test("Twilio's 5xx fails the run for a retry with backoff, then it goes once", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Fay Later', phone: '+1 415 555 0102' })
    twilio.failNext(503)
    const response = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free on Friday?',
      channel: 'sms',
    })
    const failures = await workQueue()
    assert.lengthOf(failures, 1)
    assert.match(failures[0], /^SMS: /)
    let row = await recipientOf(response.body().id, 'Fay Later')
    assert.equal(row.smsStatus, 'queued')
    assert.equal(row.status, 'queued')
    assert.deepEqual(await workQueue(), [])
    row = await recipientOf(response.body().id, 'Fay Later')
    assert.equal(row.status, 'sent')
    assert.lengthOf(twilio.messages, 1)
  })

  test('the last attempt of a failing send leaves the recipient failed', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Gus Down', phone: '+1 415 555 0103' })
    twilio.failNext(500)
    const response = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free?',
      channel: 'sms',
    })
    assert.deepEqual(await workQueue(true), [])
    const row = await recipientOf(response.body().id, 'Gus Down')
    assert.equal(row.status, 'failed')
    assert.include(row.smsError!, 'Internal Server Error')
  })

  test('both channels: a text and an email each', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({
      name: 'Hal Both',
      phone: '+1 415 555 0104',
      email: 'hal.both@example.com',
    })
    const response = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      subject: 'Are you free, {firstName}?',
      body: 'Free on Friday?',
      channel: 'both',
    })
    await workQueue()
    const row = await recipientOf(response.body().id, 'Hal Both')
    assert.containsSubset(row.serialize(), { smsStatus: 'sent', emailStatus: 'sent' })
    const mails = await mailTo('hal.both@example.com')
    assert.equal(mails.at(-1)!.subject, 'Are you free, Hal?')
    assert.lengthOf(twilio.messages, 1)
  })
})

test.group('messaging: status callbacks', (group) => {
  withMessaging(group)

  async function sentText(client: ApiClient, name: string, phone: string) {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name, phone })
    const response = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free?',
      channel: 'sms',
    })
    await workQueue()
    return { messageId: response.body().id as number, sid: twilio.messages[0].sid }
  }

  test('a signed callback moves the state forward, never back', async ({ client, assert }) => {
    const { messageId, sid } = await sentText(client, 'Ivy Track', '+1 415 555 0105')
    const delivered = await twilio.reportStatus(sid, 'delivered', { deliverTo: server })
    assert.equal(delivered.status, 204)
    let row = await recipientOf(messageId, 'Ivy Track')
    assert.equal(row.status, 'delivered')
    assert.isNotNull(row.deliveredAt)
    // "sent" arriving after "delivered" changes nothing.
    await twilio.reportStatus(sid, 'sent', { deliverTo: server })
    row = await recipientOf(messageId, 'Ivy Track')
    assert.equal(row.smsStatus, 'delivered')
  })

  test("undelivered keeps the carrier's error", async ({ client, assert }) => {
    const { messageId, sid } = await sentText(client, 'Jo Gone', '+1 415 555 0106')
    await twilio.reportStatus(sid, 'undelivered', { deliverTo: server, errorCode: '30005' })
    const row = await recipientOf(messageId, 'Jo Gone')
    assert.equal(row.status, 'undelivered')
    assert.equal(row.smsError, 'Twilio error 30005')
  })

  test('a forged or unsigned callback is refused and changes nothing', async ({
    client,
    assert,
  }) => {
    const { messageId, sid } = await sentText(client, 'Kim Safe', '+1 415 555 0107')
    const forged = await twilio.reportStatus(sid, 'failed', {
      deliverTo: server,
      signWith: 'not-the-auth-token',
    })
    assert.equal(forged.status, 403)
    const unsigned = await twilio.reportStatus(sid, 'failed', { deliverTo: server, signWith: null })
    assert.equal(unsigned.status, 403)
    // Signed for another address: not this one's signature.
    const elsewhere = await client
      .post('/api/messaging/twilio/status')
      .form({ MessageSid: sid, MessageStatus: 'failed' })
      .header(
        'x-twilio-signature',
        twilio.sign('https://attacker.example/api/messaging/twilio/status', {
          MessageSid: sid,
          MessageStatus: 'failed',
        })
      )
    elsewhere.assertStatus(403)
    const row = await recipientOf(messageId, 'Kim Safe')
    assert.equal(row.status, 'sent')
  })
})

test.group('messaging: inbound texts', (group) => {
  withMessaging(group)

  test('YES answers the latest open request and can set the roster status', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const confirmed = await Status.create({ name: `Confirmed ${Date.now()}` })
    const { project, ana } = await roster()
    const response = await compose(client, session, {
      audience: { projectId: project.id },
      body: TEXT,
      channel: 'sms',
      rosterStatuses: { available: confirmed.id },
    })
    await workQueue()
    const reply = await twilio.inbound(
      { from: '+14155552671', body: 'Yes!' },
      { url: INBOUND_URL, deliverTo: server }
    )
    assert.equal(reply.status, 200)
    assert.include(reply.body, '<Message>Thanks Ana, you are down as available.')
    const row = await recipientOf(response.body().id, 'Ana López')
    assert.containsSubset(row.serialize(), {
      status: 'answered',
      answer: 'available',
      answeredVia: 'sms',
    })
    const booking = await ProjectCrew.query()
      .where('projectId', project.id)
      .where('crewId', ana.id)
      .firstOrFail()
    assert.equal(booking.statusId, confirmed.id)
  })

  test('a text that is no answer is kept as a reply', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Lou Chat', phone: '+1 415 555 0108' })
    const response = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free?',
      channel: 'sms',
    })
    await workQueue()
    await twilio.inbound(
      { from: '+14155550108', body: 'Which location?' },
      { url: INBOUND_URL, deliverTo: server }
    )
    const row = await recipientOf(response.body().id, 'Lou Chat')
    assert.equal(row.status, 'replied')
    assert.equal(row.replyText, 'Which location?')
  })

  test('STOP opts the number out: the next send skips it; START opts back in', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Max Quiet', phone: '+1 415 555 0109' })
    const stop = await twilio.inbound(
      { from: '+14155550109', body: 'STOP' },
      { url: INBOUND_URL, deliverTo: server }
    )
    assert.equal(stop.status, 200)
    const optOut = await SmsOptOut.findOrFail('+14155550109')
    assert.isTrue(optOut.optedOut)
    assert.equal(optOut.keyword, 'STOP')
    // The person's record shows it, with its time.
    const record = await client.get(`/api/crew/${crew.id}`).withSession(session)
    assert.deepEqual(record.body().smsOptOut, {
      optedOut: true,
      keyword: 'STOP',
      changedAt: optOut.changedAt.toISO(),
    })
    // So does the directory page, where the record is read.
    const directory = await inertiaVisit(client, `/directory?id=${crew.id}`, { session })
    assert.deepEqual(directory.body().props.selection.panels.smsOptOut, {
      optedOut: true,
      keyword: 'STOP',
      changedAt: optOut.changedAt.toISO(),
    })

    const first = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free?',
      channel: 'sms',
    })
    const preview = await client
      .post('/api/messages/preview')
      .json({ audience: { crewIds: [crew.id] }, body: 'Free?', channel: 'sms' })
      .withSession(session)
      .withCsrfToken()
    assert.isTrue(preview.body().recipients[0].optedOut)
    await workQueue()
    assert.lengthOf(twilio.messages, 0)
    const skipped = await recipientOf(first.body().id, 'Max Quiet')
    assert.equal(skipped.status, 'skipped')
    assert.match(skipped.smsError!, /^Opted out \(STOP/)

    await twilio.inbound(
      { from: '+14155550109', body: 'start' },
      { url: INBOUND_URL, deliverTo: server }
    )
    const second = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free?',
      channel: 'sms',
    })
    await workQueue()
    assert.lengthOf(twilio.messages, 1)
    const again = await recipientOf(second.body().id, 'Max Quiet')
    assert.equal(again.status, 'sent')
    const optedIn = await inertiaVisit(client, `/directory?id=${crew.id}`, { session })
    assert.containsSubset(optedIn.body().props.selection.panels.smsOptOut, {
      optedOut: false,
      keyword: 'START',
    })
  })

  test('an unsigned inbound text is refused and opts nobody out', async ({ assert }) => {
    const refused = await twilio.inbound(
      { from: '+14155550110', body: 'STOP' },
      { url: INBOUND_URL, deliverTo: server, signWith: null }
    )
    assert.equal(refused.status, 403)
    assert.isNull(await SmsOptOut.find('+14155550110'))
  })
})

test.group('messaging: compose, schedule, resend', (group) => {
  withMessaging(group)
  group.setup(() => ace.ui.switchMode('raw'))

  test('the preview fills placeholders per person and counts SMS parts', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project } = await roster()
    const response = await client
      .post('/api/messages/preview')
      .json({
        audience: { projectId: project.id },
        body: 'It’s {project}, {firstName}?',
        channel: 'sms',
      })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    const body = response.body()
    assert.isTrue(body.smsEnabled)
    const ana = body.recipients.find((one: { name: string }) => one.name === 'Ana López')
    assert.equal(ana.text, 'It’s Night Shoot, Ana?')
    assert.containsSubset(ana.sms, { encoding: 'UCS-2', segments: 1 })
    const ben = body.recipients.find((one: { name: string }) => one.name === 'Ben Ode')
    assert.equal(ben.channel, 'email')
    assert.isNull(ben.phone)
    assert.equal(ben.phoneAsEntered, 'not a number')
    // Nothing was sent or stored.
    assert.lengthOf(queued, 0)
    const stored = await Message.query().where('projectId', project.id)
    assert.lengthOf(stored, 0)
  })

  test('a roster filtered by status and role', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const hold = await Status.create({ name: `Hold ${Date.now()}` })
    const project = await createProject('2027-04-01', '2027-04-01')
    const one = await createCrew({ name: 'On Hold', phone: '+1 415 555 0111' })
    const two = await createCrew({ name: 'Not Hold', phone: '+1 415 555 0112' })
    await assignCrew(project, one, { statusId: hold.id })
    await assignCrew(project, two)
    const response = await client
      .post('/api/messages/preview')
      .json({
        audience: { projectId: project.id, statusIds: [hold.id] },
        body: 'x',
        channel: 'sms',
      })
      .withSession(session)
      .withCsrfToken()
    assert.deepEqual(
      response.body().recipients.map((person: { name: string }) => person.name),
      ['On Hold']
    )
  })

  test('a message for later goes out when due (the job, or the Ace command)', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Ned Later', phone: '+1 415 555 0113' })
    const response = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free?',
      channel: 'sms',
      sendAt: DateTime.now().plus({ hours: 2 }).toUTC().toISO(),
    })
    response.assertStatus(201)
    assert.equal(response.body().status, 'scheduled')
    assert.lengthOf(queued, 0)
    const early = await runCommand('schedule:messages:send-due')
    assert.include(early.output, 'No scheduled message is due')

    await db
      .from('messages')
      .where('id', response.body().id)
      .update({ send_at: DateTime.now().minus({ minutes: 1 }).toJSDate() })
    const due = await runCommand('schedule:messages:send-due')
    assert.equal(due.exitCode, 0)
    assert.include(due.output, '1 message released')
    assert.lengthOf(queued, 1)
    await workQueue()
    assert.lengthOf(twilio.messages, 1)

    const status = await runCommand('schedule:messages:status', [String(response.body().id)])
    assert.include(status.output, 'Ned Later')
    assert.include(status.output, '1 sent')
  })

  test("a message's page data: a headline without placeholders and each person's copy as sent", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const { project } = await roster()
    const personal = await compose(client, session, {
      audience: { projectId: project.id },
      subject: 'Free for {project}, {firstName}?',
      body: 'Hi {firstName}, {project} {dates}. {answerLink}',
      channel: 'email',
    })
    const detail = await client.get(`/api/messages/${personal.body().id}`).withSession(session)
    assert.equal(detail.body().headline, 'Availability request: Night Shoot')
    const ana = detail.body().recipients.find((row: { name: string }) => row.name === 'Ana López')
    assert.deepEqual(ana.copy, {
      subject: 'Free for Night Shoot, Ana?',
      text: "Hi Ana, Night Shoot Tue 2 Mar – Thu 4 Mar 2027. [Ana López's answer link]",
    })
    const shared = await compose(client, session, {
      audience: { projectId: project.id },
      subject: 'Call times for {project}, {dates}',
      body: 'Free?',
      channel: 'email',
    })
    const sharedDetail = await client.get(`/api/messages/${shared.body().id}`).withSession(session)
    assert.equal(
      sharedDetail.body().headline,
      'Call times for Night Shoot, Tue 2 Mar – Thu 4 Mar 2027'
    )
    const list = await client.get('/api/messages').withSession(session)
    const headlines = Object.fromEntries(
      list.body().map((row: { id: number; headline: string }) => [row.id, row.headline])
    )
    assert.equal(headlines[personal.body().id], 'Availability request: Night Shoot')
    assert.equal(
      headlines[shared.body().id],
      'Call times for Night Shoot, Tue 2 Mar – Thu 4 Mar 2027'
    )
  })

  test('resend to one recipient sends their copy again', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Oz Again', phone: '+1 415 555 0114' })
    const response = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free?',
      channel: 'sms',
    })
    await workQueue()
    const row = await recipientOf(response.body().id, 'Oz Again')
    const resend = await client
      .post(`/api/messages/${response.body().id}/recipients/${row.id}/resend`)
      .withSession(session)
      .withCsrfToken()
    resend.assertStatus(200)
    assert.equal(resend.body().status, 'queued')
    await workQueue()
    assert.lengthOf(twilio.messages, 2)
    const detail = await client.get(`/api/messages/${response.body().id}`).withSession(session)
    assert.containsSubset(detail.body().recipients[0], { status: 'sent', sms: { status: 'sent' } })
  })

  test('without SMS configuration the API says SMS is off and email still goes', async ({
    client,
    assert,
  }) => {
    useSms(false)
    const { session } = await schedulePerson('staff')
    const status = await client.get('/api/messaging/status').withSession(session)
    assert.containsSubset(status.body(), { sms: false, email: true })
    assert.match(status.body().smsMessage, /^SMS is off/)
    const crew = await createCrew({
      name: 'Pia Mail',
      phone: '+1 415 555 0115',
      email: 'pia.mail@example.com',
    })
    const response = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free?',
      channel: 'sms',
    })
    await workQueue()
    const row = await recipientOf(response.body().id, 'Pia Mail')
    assert.containsSubset(row.serialize(), { channel: 'email', status: 'sent' })
    assert.lengthOf(twilio.received, 0)
  })

  test('nobody selected, or no text: 422', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const nobody = await compose(client, session, {
      audience: { crewIds: [] },
      body: 'Free?',
      channel: 'sms',
    })
    nobody.assertStatus(422)
    const crew = await createCrew({ name: 'Quin Empty' })
    const empty = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      channel: 'sms',
    })
    empty.assertStatus(422)
  })
})

test.group('messaging: templates', (group) => {
  withMessaging(group)

  test('admins create, edit and delete; one default per kind; staff read only', async ({
    client,
    assert,
  }) => {
    const { session: admin } = await schedulePerson('admin')
    const { session: staff } = await schedulePerson('staff')
    const first = await client
      .post('/api/message-templates')
      .json({ name: 'Avail', kind: 'sms', body: 'Hi {firstName}, free {dates}?', isDefault: true })
      .withSession(admin)
      .withCsrfToken()
    first.assertStatus(201)
    assert.containsSubset(first.body(), { isDefault: true, sms: { encoding: 'GSM-7' } })
    const second = await client
      .post('/api/message-templates')
      .json({ name: 'Avail 2', kind: 'sms', body: 'Free?', isDefault: true })
      .withSession(admin)
      .withCsrfToken()
    const list = await client.get('/api/message-templates').withSession(staff)
    list.assertStatus(200)
    const defaults = list.body().filter((one: { isDefault: boolean }) => one.isDefault)
    assert.deepEqual(
      defaults.map((one: { id: number }) => one.id),
      [second.body().id]
    )
    const edit = await client
      .patch(`/api/message-templates/${first.body().id}`)
      .json({ body: 'Changed' })
      .withSession(admin)
      .withCsrfToken()
    assert.equal(edit.body().body, 'Changed')
    const refused = await client
      .post('/api/message-templates')
      .json({ name: 'X', kind: 'sms', body: 'x' })
      .withSession(staff)
      .withCsrfToken()
    refused.assertStatus(403)
    refused.assertBody({ message: 'Admin access required' })

    // A message from the template uses its text.
    const crew = await createCrew({ name: 'Rae Tpl', phone: '+1 415 555 0116' })
    await compose(client, staff, {
      audience: { crewIds: [crew.id] },
      templateId: first.body().id,
      channel: 'sms',
    })
    await workQueue()
    assert.equal(twilio.messages[0].body, 'Changed')

    const removed = await client
      .delete(`/api/message-templates/${first.body().id}`)
      .withSession(admin)
      .withCsrfToken()
    removed.assertBody({ success: true })
  })
})

test.group('messaging: answer links', (group) => {
  withMessaging(group)

  async function sentTo(client: ApiClient, name: string, closesInHours = 48) {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name, email: `${name.replace(/\s/g, '.')}@example.com` })
    const response = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free? {answerLink}',
      channel: 'email',
      answersCloseAt: DateTime.now().plus({ hours: closesInHours }).toUTC().toISO(),
    })
    await workQueue()
    const row = await recipientOf(response.body().id, name)
    return { row, token: answerToken(row.id) }
  }

  test('GET only shows the page; POST answers; the answer can change', async ({
    client,
    assert,
  }) => {
    const { row, token } = await sentTo(client, 'Sam Link')
    const page = await client.get(`/answer/${token}`)
    page.assertStatus(200)
    const head = await client.head(`/answer/${token}`)
    head.assertStatus(200)
    assert.isNull(await answerOf(row.id))

    const first = await client
      .post(`/answer/${token}`)
      .json({ answer: 'maybe', note: 'Depends on Friday' })
      .withCsrfToken()
    first.assertStatus(200)
    assert.containsSubset(first.body(), { answer: 'maybe', note: 'Depends on Friday' })
    const second = await client
      .post(`/answer/${token}`)
      .json({ answer: 'unavailable' })
      .withCsrfToken()
    second.assertStatus(200)
    const stored = await MessageRecipient.findOrFail(row.id)
    assert.containsSubset(stored.serialize(), {
      answer: 'unavailable',
      answerNote: null,
      answeredVia: 'link',
      status: 'answered',
    })
  })

  test('an expired link shows 410 and takes no answer; a forged one 404', async ({
    client,
    assert,
  }) => {
    const { row, token } = await sentTo(client, 'Tia Late')
    await db
      .from('messages')
      .where('id', row.messageId)
      .update({ answers_close_at: DateTime.now().minus({ minutes: 1 }).toJSDate() })
    const page = await client.get(`/answer/${token}`)
    page.assertStatus(410)
    const late = await client.post(`/answer/${token}`).json({ answer: 'available' }).withCsrfToken()
    late.assertStatus(410)
    assert.isNull(await answerOf(row.id))

    const forged = `${row.id}.${'A'.repeat(43)}`
    const forgedPage = await client.get(`/answer/${forged}`)
    forgedPage.assertStatus(404)
    const forgedAnswer = await client
      .post(`/answer/${forged}`)
      .json({ answer: 'available' })
      .withCsrfToken()
    forgedAnswer.assertStatus(404)
  })
})

test.group('messaging: access', (group) => {
  withMessaging(group)

  const ROUTES: [string, string][] = [
    ['get', '/api/messaging/status'],
    ['get', '/api/messages'],
    ['post', '/api/messages'],
    ['post', '/api/messages/preview'],
    ['get', '/api/messages/1'],
    ['post', '/api/messages/1/recipients/1/resend'],
    ['get', '/api/message-templates'],
    ['post', '/api/message-templates'],
    ['patch', '/api/message-templates/1'],
    ['delete', '/api/message-templates/1'],
    ['get', '/api/message-groups'],
    ['post', '/api/message-groups'],
    ['patch', '/api/message-groups/1'],
    ['delete', '/api/message-groups/1'],
  ]

  test('signed out, every messaging route answers 401', async ({ client }) => {
    for (const [method, url] of ROUTES) {
      const response = await client.request(url, method).withCsrfToken()
      response.assertStatus(401)
      response.assertBody({ message: 'Not authenticated' })
    }
  })

  test('staff compose and track; only admins change templates', async ({ client }) => {
    const { session } = await schedulePerson('staff')
    const templateWrites = ROUTES.filter(
      ([verb, path]) => path.startsWith('/api/message-templates') && verb !== 'get'
    )
    for (const [method, url] of templateWrites) {
      const response = await client.request(url, method).withSession(session).withCsrfToken()
      response.assertStatus(403)
      response.assertBody({ message: 'Admin access required' })
    }
    const list = await client.get('/api/messages').withSession(session)
    list.assertStatus(200)
  })
})

test.group('messaging: saved groups', (group) => {
  withMessaging(group)
  group.setup(() => ace.ui.switchMode('raw'))

  async function saveGroup(session: Session, client: ApiClient, body: Record<string, unknown>) {
    return client.post('/api/message-groups').json(body).withSession(session).withCsrfToken()
  }

  test('staff keep named groups of crew and vendors; names are unique; members must exist', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const gaffer = await createCrew({ name: 'Ida Gaffer', phone: '+1 415 555 0120' })
    const spark = await createCrew({ name: 'Jon Spark', email: 'jon.spark@example.com' })
    const catering = await createVendor({ name: 'Kale Catering', phone: '+1 212 555 0121' })

    const created = await saveGroup(session, client, {
      name: 'Lighting team',
      members: [
        { resourceType: 'crew', resourceId: spark.id },
        { resourceType: 'crew', resourceId: gaffer.id },
        { resourceType: 'crew', resourceId: gaffer.id },
      ],
    })
    created.assertStatus(201)
    assert.containsSubset(created.body(), {
      name: 'Lighting team',
      members: [
        { resourceType: 'crew', resourceId: gaffer.id, name: 'Ida Gaffer' },
        { resourceType: 'crew', resourceId: spark.id, name: 'Jon Spark' },
      ],
    })
    assert.lengthOf(created.body().members, 2)

    const taken = await saveGroup(session, client, { name: 'LIGHTING TEAM', members: [] })
    taken.assertStatus(409)
    taken.assertBody({ message: 'A group with this name already exists' })

    const unknown = await saveGroup(session, client, {
      name: 'Ghosts',
      members: [
        { resourceType: 'vendor', resourceId: catering.id },
        { resourceType: 'crew', resourceId: 999999 },
      ],
    })
    unknown.assertStatus(422)
    assert.deepEqual(unknown.body().errors, [
      { field: 'members.1', message: 'No such crew member', rule: 'exists' },
    ])
    const blank = await saveGroup(session, client, { name: ' ', members: [] })
    blank.assertStatus(422)
    assert.equal(blank.body().errors[0].field, 'name')

    const id = created.body().id
    const edited = await client
      .patch(`/api/message-groups/${id}`)
      .json({
        name: 'Lights and food',
        members: [
          { resourceType: 'crew', resourceId: gaffer.id },
          { resourceType: 'vendor', resourceId: catering.id },
        ],
      })
      .withSession(session)
      .withCsrfToken()
    edited.assertStatus(200)
    assert.deepEqual(
      edited.body().members.map((member: { name: string }) => member.name),
      ['Ida Gaffer', 'Kale Catering']
    )
    const list = await client.get('/api/message-groups').withSession(session)
    assert.deepEqual(
      list.body().map((one: { name: string }) => one.name),
      ['Lights and food']
    )

    // A message to the group reaches its members, each once, also when picked by hand too.
    const message = await compose(client, session, {
      audience: { groupIds: [id], crewIds: [gaffer.id] },
      body: 'Hi {firstName}, free Friday?',
      channel: 'sms',
    })
    message.assertStatus(201)
    assert.sameMembers(
      message.body().recipients.map((row: { name: string }) => row.name),
      ['Ida Gaffer', 'Kale Catering']
    )
    await workQueue()
    assert.sameMembers(
      twilio.messages.map((sent) => sent.to),
      ['+14155550120', '+12125550121']
    )

    const removed = await client
      .delete(`/api/message-groups/${id}`)
      .withSession(session)
      .withCsrfToken()
    removed.assertBody({ success: true })
    const gone = await client
      .delete(`/api/message-groups/${id}`)
      .withSession(session)
      .withCsrfToken()
    gone.assertStatus(404)
    gone.assertBody({ message: 'Group not found' })
  })

  test('schedule:messages:groups lists the groups, and one group with its members', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Lou Listed' })
    const created = await saveGroup(session, client, {
      name: 'Command group',
      members: [{ resourceType: 'crew', resourceId: crew.id }],
    })
    const list = await runCommand('schedule:messages:groups', [])
    assert.equal(list.exitCode, 0)
    assert.match(list.output, new RegExp(`${created.body().id}.*Command group.*1.*0`))
    const one = await runCommand('schedule:messages:groups', [String(created.body().id)])
    assert.include(one.output, 'Group')
    assert.include(one.output, `crew ${crew.id} Lou Listed`)
    const missing = await runCommand('schedule:messages:groups', ['999999'])
    assert.equal(missing.exitCode, 1)
    assert.include(missing.output, 'Group not found')
  })

  test('schedule:messages:templates adds, lists, shows, makes default and deletes templates', async ({
    assert,
  }) => {
    const added = await runCommand('schedule:messages:templates', [
      '--name=Command ask',
      '--kind=sms',
      '--body=Free on {dates}, {firstName}?',
    ])
    assert.equal(added.exitCode, 0)
    const id = /Template (\d+) "Command ask" added/.exec(added.output)![1]
    const list = await runCommand('schedule:messages:templates', [])
    assert.match(list.output, new RegExp(`${id}.*sms.*Command ask`))

    const madeDefault = await runCommand('schedule:messages:templates', [id, '--make-default'])
    assert.include(madeDefault.output, `Template ${id} "Command ask" (sms, default)`)
    assert.include(madeDefault.output, 'Free on {dates}, {firstName}?')
    const stored = await MessageTemplate.findOrFail(Number(id))
    assert.isTrue(stored.isDefault)

    const refused = await runCommand('schedule:messages:templates', ['--name=No kind', '--body=x'])
    assert.equal(refused.exitCode, 1)
    assert.match(refused.output, /kind/)

    const deleted = await runCommand('schedule:messages:templates', [id, '--delete', '--force'])
    assert.include(deleted.output, `Template ${id} deleted`)
    assert.isNull(await MessageTemplate.find(Number(id)))
    const missing = await runCommand('schedule:messages:templates', [id])
    assert.equal(missing.exitCode, 1)
    assert.include(missing.output, 'Template not found')
  })
})

test.group('messaging: email through Resend, and its delivery events', (group) => {
  withMessaging(group)
  let resend: ResendFake
  const EVENTS_URL = `${base}/api/messaging/email/events`

  group.setup(async () => {
    resend = await startResendFake()
    const previous = env.get('EMAIL_WEBHOOK_SECRET')
    env.set('EMAIL_WEBHOOK_SECRET', new Secret(resend.webhookSecret))
    return async () => {
      env.set('EMAIL_WEBHOOK_SECRET', previous)
      if (previous === undefined) {
        delete process.env.EMAIL_WEBHOOK_SECRET
      }
      await resend.close()
    }
  })
  group.each.setup(() => {
    resend.reset()
    // The app's mail code, through @adonisjs/mail's real Resend transport, aimed at the fake.
    const transport = new ResendTransport({ key: resend.apiKey, baseUrl: resend.url })
    app.container.swap(
      MessagingMailer,
      () => new MessagingMailer(new Mailer('resend', transport, emitter))
    )
    return () => app.container.restore(MessagingMailer)
  })

  async function emailed(client: ApiClient, names: string[]) {
    const { session } = await schedulePerson('staff')
    const crewIds = []
    for (const name of names) {
      const crew = await createCrew({
        name,
        email: `${name.split(' ')[0].toLowerCase()}.mail@example.com`,
      })
      crewIds.push(crew.id)
    }
    const response = await compose(client, session, {
      audience: { crewIds },
      subject: 'Free for {project}, {firstName}?',
      body: 'Hi {firstName}: {answerLink}',
      channel: 'email',
    })
    response.assertStatus(201)
    const failures = await workQueue()
    if (failures.length) {
      throw new Error(`sending failed: ${failures.join('; ')}`)
    }
    return response.body().id as number
  }

  async function event(emailId: string, type: string, options: Record<string, unknown> = {}) {
    return resend.sendEvent(emailId, type, { url: EVENTS_URL, deliverTo: server, ...options })
  }

  test("the email goes through Resend's API and keeps Resend's id", async ({ client, assert }) => {
    const messageId = await emailed(client, ['Mae Api'])
    assert.lengthOf(resend.emails, 1)
    const [sent] = resend.emails
    assert.deepEqual(sent.to, ['Mae Api <mae.mail@example.com>'])
    assert.equal(sent.subject, 'Free for , Mae?')
    const row = await recipientOf(messageId, 'Mae Api')
    assert.equal(row.emailMessageId, sent.id)
    assert.equal(row.status, 'sent')
    assert.equal(resend.received[0].headers.authorization, `Bearer ${resend.apiKey}`)
  })

  test('signed events move the state: delivered, bounced with its reason, a complaint', async ({
    client,
    assert,
  }) => {
    const messageId = await emailed(client, ['Ned Ok', 'Oda Bounce'])
    const idOf = (address: string) =>
      resend.emails.find((email) => email.to[0].includes(address))!.id

    const delivered = await event(idOf('ned.mail'), 'email.delivered')
    assert.equal(delivered.status, 204)
    let ned = await recipientOf(messageId, 'Ned Ok')
    assert.containsSubset(ned.serialize(), { emailStatus: 'delivered', status: 'delivered' })
    assert.isNotNull(ned.deliveredAt)
    // Out of order: a late "sent" does not move it back.
    await event(idOf('ned.mail'), 'email.sent')
    ned = await recipientOf(messageId, 'Ned Ok')
    assert.equal(ned.emailStatus, 'delivered')
    await event(idOf('ned.mail'), 'email.complained')
    ned = await recipientOf(messageId, 'Ned Ok')
    assert.containsSubset(ned.serialize(), {
      emailStatus: 'complained',
      emailError: 'The recipient marked it as spam',
      status: 'delivered',
    })

    const bounced = await event(idOf('oda.mail'), 'email.bounced', {
      data: {
        bounce: {
          type: 'Permanent',
          subType: 'General',
          message: "The recipient's mailbox does not exist",
        },
      },
    })
    assert.equal(bounced.status, 204)
    const oda = await recipientOf(messageId, 'Oda Bounce')
    assert.containsSubset(oda.serialize(), {
      emailStatus: 'bounced',
      status: 'undelivered',
      emailError: "Bounced (Permanent, General): The recipient's mailbox does not exist",
    })
    // The page's API shows it as the tracking table does.
    const { session } = await schedulePerson('staff')
    const detail = await client.get(`/api/messages/${messageId}`).withSession(session)
    const row = detail.body().recipients.find((one: { name: string }) => one.name === 'Oda Bounce')
    assert.containsSubset(row, { status: 'undelivered', emailDelivery: { status: 'bounced' } })
  })

  test('a forged, unsigned or stale event is refused and changes nothing', async ({
    client,
    assert,
  }) => {
    const messageId = await emailed(client, ['Pia Forged'])
    const [sent] = resend.emails
    const forged = await event(sent.id, 'email.bounced', {
      signWith: `whsec_${Buffer.from('not the secret at all').toString('base64')}`,
    })
    assert.equal(forged.status, 403)
    assert.deepEqual(JSON.parse(forged.body), { message: 'Invalid webhook signature' })
    const unsigned = await event(sent.id, 'email.bounced', { signWith: null })
    assert.equal(unsigned.status, 403)
    const stale = await event(sent.id, 'email.bounced', { timestampShift: -3600 })
    assert.equal(stale.status, 403)
    const row = await recipientOf(messageId, 'Pia Forged')
    assert.containsSubset(row.serialize(), {
      emailStatus: 'sent',
      status: 'sent',
      emailError: null,
    })
  })

  test('without a signing secret every event is refused', async ({ client, assert }) => {
    await emailed(client, ['Quin Nokey'])
    const secret = env.get('EMAIL_WEBHOOK_SECRET')
    env.set('EMAIL_WEBHOOK_SECRET', undefined)
    delete process.env.EMAIL_WEBHOOK_SECRET
    try {
      const refused = await event(resend.emails[0].id, 'email.delivered')
      assert.equal(refused.status, 403)
      assert.deepEqual(JSON.parse(refused.body), { message: 'Mail events are not configured' })
    } finally {
      env.set('EMAIL_WEBHOOK_SECRET', secret)
    }
  })

  test("Resend's refusal (a 5xx) fails the run for a retry; the email then goes once", async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('staff')
    const crew = await createCrew({ name: 'Rex Retry', email: 'rex.retry@example.com' })
    resend.failNext(500)
    const response = await compose(client, session, {
      audience: { crewIds: [crew.id] },
      body: 'Free?',
      channel: 'email',
    })
    const failures = await workQueue()
    assert.lengthOf(failures, 1)
    assert.match(failures[0], /^email: /)
    assert.deepEqual(await workQueue(), [])
    assert.lengthOf(resend.emails, 1)
    const row = await recipientOf(response.body().id, 'Rex Retry')
    assert.containsSubset(row.serialize(), {
      emailStatus: 'sent',
      emailMessageId: resend.emails[0].id,
    })
  })
})
