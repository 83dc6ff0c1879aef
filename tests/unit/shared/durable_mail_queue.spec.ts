import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DurableMailQueue, type MailSender } from '#services/shared/mail/durable_mail_queue'

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

test.group('DurableMailQueue', (group) => {
  group.each.setup(async () => {
    await db.from('mail_queue').delete()
  })

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
    // One process queues (then "crashes"); another one sends.
    await new DurableMailQueue(sender).push('outbox', compiled('Hello'))
    assert.lengthOf(await rows(), 1)

    assert.equal(await new DurableMailQueue(sender).sendDue(), 1)
    assert.deepEqual(
      sent.map(({ mailer, subject }) => ({ mailer, subject })),
      [{ mailer: 'outbox', subject: 'Hello' }]
    )
    assert.instanceOf(sent[0].attachment, Buffer)
    assert.equal(String(sent[0].attachment), 'attached')
    assert.lengthOf(await rows(), 0)
  })

  test('a failed send is kept with its error and retried later, not at once', async ({
    assert,
  }) => {
    const failing = new DurableMailQueue(async () => {
      throw new Error('SMTP said no')
    })
    await failing.push('smtp', compiled('Retry me'))

    assert.equal(await failing.sendDue(), 1)
    const [row] = await rows()
    assert.equal(row.attempts, 1)
    assert.equal(row.last_error, 'SMTP said no')
    assert.isNull(row.failed_at)
    assert.isAbove(new Date(row.available_at).getTime(), Date.now() + 20_000)

    // Not due yet: nothing is sent, nothing is lost.
    assert.equal(await new DurableMailQueue(async () => {}).sendDue(), 0)
    assert.lengthOf(await rows(), 1)
  })

  test('two workers sending at once send every message exactly once', async ({ assert }) => {
    for (let index = 0; index < 12; index++) {
      await new DurableMailQueue(async () => {}).push('outbox', compiled(`m${index}`))
    }
    const subjects: string[] = []
    const slowSender: MailSender = async (_mailer, mail) => {
      subjects.push(String(mail.message.subject))
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const [first, second] = await Promise.all([
      new DurableMailQueue(slowSender).sendDue(),
      new DurableMailQueue(slowSender).sendDue(),
    ])
    assert.equal(first + second, 12)
    assert.sameMembers(
      subjects,
      Array.from({ length: 12 }, (_, index) => `m${index}`)
    )
    assert.lengthOf(await rows(), 0)
  })
})
