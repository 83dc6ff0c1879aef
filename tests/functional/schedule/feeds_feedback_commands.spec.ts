import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import Feedback from '#models/schedule/feedback'
import { runCommand } from '#tests/helpers/ace_commands'
import { createCrew } from '#tests/helpers/schedule_records'
import { schedulePerson } from '#tests/helpers/schedule_people'
import { startTaskboardReceiver, type TaskboardReceiver } from '#tests/fakes/taskboard'

/** What an admin triages: one feedback, as the API would store it. */
async function someFeedback() {
  const { user } = await schedulePerson('staff')
  return Feedback.create({
    userId: user.id,
    reporterName: user.displayName,
    reporterEmail: user.email,
    category: 'idea',
    description: 'Colour the weekends\nin the people view',
    status: 'new',
    taskboardAttempts: 0,
  })
}

test.group('schedule feed, feedback and taskboard commands', (group) => {
  let receiver: TaskboardReceiver

  group.setup(async () => {
    ace.ui.switchMode('raw')
    receiver = await startTaskboardReceiver()
    return async () => {
      ace.ui.switchMode('normal')
      await receiver.close()
    }
  })
  group.each.setup(() => {
    receiver.reset()
    return testUtils.db().withGlobalTransaction()
  })

  test('schedule:feeds:issue prints an address that works; :revoke ends it', async ({
    client,
    assert,
  }) => {
    const crew = await createCrew()
    const issued = await runCommand('schedule:feeds:issue', ['crew', String(crew.id)])
    assert.equal(issued.exitCode, 0, issued.output)
    const url = /https?:\/\/\S+\/ical\/[\w-]{43}\.ics/.exec(issued.output)?.[0]
    assert.isString(url, issued.output)
    const opened = await client.get(new URL(url!).pathname)
    opened.assertStatus(200)

    const revoked = await runCommand('schedule:feeds:revoke', ['crew', String(crew.id), '--force'])
    assert.equal(revoked.exitCode, 0, revoked.output)
    const closed = await client.get(new URL(url!).pathname)
    closed.assertStatus(404)

    const again = await runCommand('schedule:feeds:revoke', ['crew', String(crew.id), '--force'])
    assert.equal(again.exitCode, 1)
    assert.include(again.output, 'has no calendar feed')
    const wrong = await runCommand('schedule:feeds:issue', ['project', '1'])
    assert.equal(wrong.exitCode, 1)
    const unknown = await runCommand('schedule:feeds:issue', ['vendor', '999999'])
    assert.equal(unknown.exitCode, 1)
    assert.include(unknown.output, 'No such vendor')
  })

  test('schedule:taskboard:connect prints the secret; :test sends a signed card; :disconnect', async ({
    assert,
  }) => {
    const none = await runCommand('schedule:taskboard:test')
    assert.equal(none.exitCode, 1)
    assert.include(none.output, 'No taskboard webhook is set up')

    const connected = await runCommand('schedule:taskboard:connect', [receiver.url])
    assert.equal(connected.exitCode, 0, connected.output)
    const secret = /whsec_\S+/.exec(connected.output)?.[0]
    assert.isString(secret)
    receiver.useSecret(secret!)

    const tested = await runCommand('schedule:taskboard:test')
    assert.equal(tested.exitCode, 0, tested.output)
    assert.include(tested.output, 'Test card taken: the receiver answered 202')
    assert.deepEqual(
      receiver.deliveries.map((delivery) => delivery.type),
      ['taskboard.test']
    )

    receiver.failNext(500)
    const failed = await runCommand('schedule:taskboard:test')
    assert.equal(failed.exitCode, 1)
    assert.include(failed.output, 'The receiver answered 500')
    const status = await runCommand('schedule:taskboard:status')
    assert.include(status.output, `Sends to: ${receiver.url}`)
    assert.include(status.output, 'failed: The receiver answered 500')

    const refused = await runCommand('schedule:taskboard:connect', ['file:///etc/passwd'])
    assert.equal(refused.exitCode, 1)
    assert.include(refused.output, 'The URL must start with https://')

    const disconnected = await runCommand('schedule:taskboard:disconnect', ['--force'])
    assert.equal(disconnected.exitCode, 0)
    const after = await runCommand('schedule:taskboard:status')
    assert.include(after.output, 'No taskboard webhook is set up')
  })

  test('schedule:feedback:list, :update and :delete triage as the Feedback page does', async ({
    assert,
  }) => {
    const feedback = await someFeedback()
    const listed = await runCommand('schedule:feedback:list')
    assert.include(listed.output, 'Colour the weekends')
    assert.include(listed.output, feedback.reporterEmail)

    const updated = await runCommand('schedule:feedback:update', [
      String(feedback.id),
      '--status=done',
      '--notes=Shipped in May',
    ])
    assert.equal(updated.exitCode, 0, updated.output)
    await feedback.refresh()
    assert.equal(feedback.status, 'done')
    assert.equal(feedback.adminNotes, 'Shipped in May')
    const done = await runCommand('schedule:feedback:list', ['--status=new'])
    assert.include(done.output, 'No feedback')

    const bad = await runCommand('schedule:feedback:update', [String(feedback.id), '--status=x'])
    assert.equal(bad.exitCode, 1)

    const removed = await runCommand('schedule:feedback:delete', [String(feedback.id), '--force'])
    assert.equal(removed.exitCode, 0, removed.output)
    assert.isNull(await Feedback.find(feedback.id))
    const missing = await runCommand('schedule:feedback:delete', [String(feedback.id), '--force'])
    assert.equal(missing.exitCode, 1)
    assert.include(missing.output, 'Feedback not found')
  })
})
