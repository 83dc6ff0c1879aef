import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { mailJobs } from '#jobs/shared/mail_jobs'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import {
  DurableMailQueue,
  MailBeingSentError,
  SEND_MAIL_JOB,
  type MailSender,
} from '#services/shared/mail/durable_mail_queue'
import { waitUntil } from '#tests/helpers/wait_until'

/** pg-boss's tables for these tests only, apart from the app's own schema. */
const SCHEMA = 'mail_queue_test_jobs'

function compiled(subject: string) {
  return {
    message: {
      to: ['kim@example.com'],
      subject,
      html: '<p>hi</p>',
      attachments: [{ filename: 'a.txt', content: Buffer.from('attached') }],
    },
    views: {},
  }
}

const rows = () => db.from('mail_queue').orderBy('id')

async function tableIsEmpty() {
  const left = await rows()
  return left.length === 0
}

/** The mail jobs of one process: sends only, unless its workers are started. */
function processWith(sender: MailSender) {
  return new JobRuntime(mailJobs({ sender, jobSchema: SCHEMA }), {
    connectionString: env.get('DATABASE_URL'),
    schema: SCHEMA,
    instanceName: 'mail-queue-test',
    stopTimeoutSeconds: 5,
    logger,
  })
}

async function mailJob(mailId: string) {
  const result = await db.rawQuery(
    `select id, state, retry_count, retry_limit, retry_delay, retry_backoff, start_after, output
       from ${SCHEMA}.job where name = ? and data->>'mailId' = ?`,
    [SEND_MAIL_JOB, mailId]
  )
  return result.rows[0]
}

async function mailJobState(mailId: string) {
  const job = await mailJob(mailId)
  return job?.state
}

const ignoreMail: MailSender = async () => {}

test.group('DurableMailQueue', (group) => {
  const running: JobRuntime[] = []
  const started = (runtime: JobRuntime) => {
    running.push(runtime)
    return runtime
  }

  group.setup(async () => {
    await db.rawQuery(`drop schema if exists ${SCHEMA} cascade`)
    // Creates the schema and the queues, so each test can clear them.
    await started(processWith(ignoreMail)).send(SEND_MAIL_JOB, { mailId: '0' })
  })
  group.each.setup(async () => {
    await db.from('mail_queue').delete()
    await db.rawQuery(`delete from ${SCHEMA}.job`)
  })
  group.each.teardown(async () => {
    await Promise.all(running.splice(0).map((runtime) => runtime.stop()))
  })
  group.each.timeout(30_000)

  test('a queued message survives in the table until a worker sends it, then is gone', async ({
    assert,
  }) => {
    const sent: { mailer: string; subject: unknown; attachment: unknown }[] = []
    const sender: MailSender = async (mailer, mail) => {
      sent.push({
        mailer,
        subject: mail.message.subject,
        attachment: (mail.message.attachments as { content: Buffer }[])[0].content,
      })
    }
    // One process queues (a command: it sends no mail itself) and ends.
    const command = processWith(sender)
    await new DurableMailQueue(command).push('outbox', compiled('Hello'))
    await command.stop()
    const [queued] = await rows()
    assert.equal(await mailJobState(queued.id), 'created')
    assert.deepEqual(sent, [])

    // Another one works the jobs.
    await started(processWith(sender)).startWorkers()
    await waitUntil('the message to leave the table', tableIsEmpty)
    assert.deepEqual(
      sent.map(({ mailer, subject }) => ({ mailer, subject })),
      [{ mailer: 'outbox', subject: 'Hello' }]
    )
    assert.instanceOf(sent[0].attachment, Buffer)
    assert.equal(String(sent[0].attachment), 'attached')
    await waitUntil('the job to complete', async () => {
      return (await mailJobState(queued.id)) === 'completed'
    })
  })

  test('a failed send is kept with its error and retried later, not at once', async ({
    assert,
  }) => {
    const failing = started(
      processWith(async () => {
        throw new Error('SMTP said no')
      })
    )
    await new DurableMailQueue(failing).push('smtp', compiled('Retry me'))
    const [queued] = await rows()
    await failing.startWorkers()

    const job = await waitUntil('the first attempt to fail', async () => {
      const found = await mailJob(queued.id)
      return found.state === 'retry' && found
    })
    assert.equal(job.output.message, 'SMTP said no')
    assert.deepInclude(job, { retry_limit: 7, retry_delay: 30, retry_backoff: true })
    // The first retry waits 30 to 60 seconds (backoff with jitter).
    assert.isAbove(new Date(job.start_after).getTime(), Date.now() + 20_000)

    const [row] = await rows()
    assert.equal(row.last_error, 'SMTP said no')
    assert.isNull(row.failed_at)
    // Not due yet: no worker may fetch it, and nothing is lost.
    const due = await db.rawQuery(
      `select count(*)::int as count from ${SCHEMA}.job
        where state in ('created', 'retry') and start_after <= now()`
    )
    assert.equal(due.rows[0].count, 0)
  })

  test('the last failed attempt marks the message failed; the sweep requeues only messages without a job', async ({
    assert,
  }) => {
    const sender = processWith(ignoreMail)
    running.push(sender)
    const queue = new DurableMailQueue(sender)
    await queue.push('smtp', compiled('Given up'))
    const [givenUp] = await rows()
    await assert.rejects(
      () =>
        queue.send(givenUp.id, async () => Promise.reject(new Error('mailbox unavailable')), {
          isLastAttempt: true,
        }),
      'mailbox unavailable'
    )
    const [failed] = await rows()
    assert.isNotNull(failed.failed_at)
    assert.equal(failed.last_error, 'mailbox unavailable')

    // A message from before the job system: a row and no job.
    const [legacy] = await db
      .table('mail_queue')
      .insert({ mailer: 'smtp', payload: JSON.stringify({ mail: compiled('Old') }) })
      .returning('id')
    await db.rawQuery(`delete from ${SCHEMA}.job`)

    assert.equal(await queue.requeueUncovered(SCHEMA), 1)
    assert.equal(await mailJobState(String(legacy.id)), 'created')
    assert.isUndefined(await mailJob(givenUp.id))
    // Covered now: a second sweep adds nothing.
    assert.equal(await queue.requeueUncovered(SCHEMA), 0)
  })

  test('a message being sent is never sent again at the same time, nor after it went', async ({
    assert,
  }) => {
    const sender = processWith(ignoreMail)
    running.push(sender)
    const queue = new DurableMailQueue(sender)
    await queue.push('outbox', compiled('Once'))
    const [queued] = await rows()
    const sent: string[] = []
    const send: MailSender = async (_mailer, mail) => {
      sent.push(String(mail.message.subject))
    }

    // Another attempt holds the row (an attempt whose job expired while it still sends).
    const holder = await db.transaction()
    try {
      await holder.rawQuery('select id from mail_queue where id = ? for update', [queued.id])
      await assert.rejects(
        () => queue.send(queued.id, send, { isLastAttempt: false }),
        MailBeingSentError
      )
    } finally {
      await holder.rollback()
    }
    assert.deepEqual(sent, [])

    assert.isTrue(await queue.send(queued.id, send, { isLastAttempt: false }))
    // A retry after a crash between the send's commit and the job's completion.
    assert.isFalse(await queue.send(queued.id, send, { isLastAttempt: false }))
    assert.deepEqual(sent, ['Once'])
  })

  test('a message queued in a transaction that rolls back is never sent', async ({ assert }) => {
    const sender = processWith(ignoreMail)
    running.push(sender)
    const trx = await db.transaction()
    await new DurableMailQueue(sender).push('outbox', compiled('Never'), undefined, trx)
    await trx.rollback()
    assert.lengthOf(await rows(), 0)
    const jobs = await db.rawQuery(`select count(*)::int as count from ${SCHEMA}.job`)
    assert.equal(jobs.rows[0].count, 0)
  })

  test('two workers sending at once send every message exactly once', async ({ assert }) => {
    const queue = new DurableMailQueue(started(processWith(ignoreMail)))
    for (let index = 0; index < 12; index++) {
      await queue.push('outbox', compiled(`m${index}`))
    }
    const subjects: string[] = []
    const slowSender: MailSender = async (_mailer, mail) => {
      subjects.push(String(mail.message.subject))
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    await Promise.all([
      started(processWith(slowSender)).startWorkers(),
      started(processWith(slowSender)).startWorkers(),
    ])
    await waitUntil('every message to be sent', tableIsEmpty)
    assert.lengthOf(subjects, 12)
    assert.sameMembers(
      subjects,
      Array.from({ length: 12 }, (_, index) => `m${index}`)
    )
  })
})
