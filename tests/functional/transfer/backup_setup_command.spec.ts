import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import { runCommand } from '#tests/helpers/ace_commands'
import { transferPerson } from '#tests/helpers/stored_uploads'

/*
 * transfer:backup:setup checks what it is given with the Settings page's own
 * validators: a folder or app key the page refuses (422), the command
 * refuses (exit 1, the reason on one line) before it reaches the provider.
 */
const REFUSED_FOLDERS = {
  'a folder over two lines': '/Back\nups',
  'a folder with a control character': '/Backups\u0007',
  'a folder over 1,000 characters': `/${'f'.repeat(1000)}`,
}

test.group('transfer:backup:setup refuses what the Settings page refuses', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self}')
    .with(Object.keys(REFUSED_FOLDERS) as (keyof typeof REFUSED_FOLDERS)[])
    .run(async ({ client, assert }, refusal) => {
      const path = REFUSED_FOLDERS[refusal]
      const { session } = await transferPerson('admin')
      const page = await client
        .post('/api/cloudsync/folders')
        .json({ path })
        .withSession(session)
        .withCsrfToken()
      page.assertStatus(422)

      const command = await runCommand('transfer:backup:setup', ['folder', path])
      assert.equal(command.exitCode, 1, command.output)
      assert.lengthOf(command.output.split('\n'), 1, command.output)
      assert.match(command.output, /path/)
    })

  test('an app key the page refuses', async ({ client, assert }) => {
    const { session } = await transferPerson('admin')
    const page = await client
      .post('/api/cloudsync/save-credentials')
      .json({ appKey: 'k'.repeat(201) })
      .withSession(session)
      .withCsrfToken()
    page.assertStatus(422)

    const command = await runCommand('transfer:backup:setup', ['credentials', 'k'.repeat(201)])
    assert.equal(command.exitCode, 1, command.output)
    assert.match(command.output, /appKey/)
  })
})
