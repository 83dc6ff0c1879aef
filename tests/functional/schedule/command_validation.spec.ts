import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import MessageTemplate from '#models/schedule/message_template'
import { runCommand } from '#tests/helpers/ace_commands'
import { schedulePerson } from '#tests/helpers/schedule_people'

/*
 * The admin commands check their input with the API's own validators: what
 * the page refuses (422), the command refuses (exit code 1, the reason on
 * one line), and nothing is written.
 */
const REFUSED_TEMPLATES = {
  'a name over 100 characters': { name: 'n'.repeat(101), kind: 'sms', body: 'Free?' },
  'a body over 1,600 characters': { name: 'Long', kind: 'sms', body: 'b'.repeat(1601) },
  'a name with a control character': { name: 'Bell\u0007', kind: 'sms', body: 'Free?' },
  'a name over two lines': { name: 'Two\nlines', kind: 'sms', body: 'Free?' },
  'a subject over two lines': {
    name: 'Subject',
    kind: 'email',
    body: 'Free?',
    subject: 'Two\nlines',
  },
  'an unknown kind': { name: 'Fax', kind: 'fax', body: 'Free?' },
  'a blank name': { name: '   ', kind: 'sms', body: 'Free?' },
}

test.group('schedule:messages:templates refuses what the API refuses', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self}')
    .with(Object.keys(REFUSED_TEMPLATES) as (keyof typeof REFUSED_TEMPLATES)[])
    .run(async ({ client, assert }, refusal) => {
      const fields: Record<string, string> = REFUSED_TEMPLATES[refusal]
      const { session } = await schedulePerson('admin')
      const before = await MessageTemplate.all()
      const api = await client
        .post('/api/message-templates')
        .json(fields)
        .withSession(session)
        .withCsrfToken()
      api.assertStatus(422)

      const command = await runCommand(
        'schedule:messages:templates',
        Object.entries(fields).map(([flag, value]) => `--${flag}=${value}`)
      )
      assert.equal(command.exitCode, 1, command.output)
      assert.lengthOf(command.output.split('\n'), 1, command.output)
      assert.lengthOf(await MessageTemplate.all(), before.length)
    })
})
