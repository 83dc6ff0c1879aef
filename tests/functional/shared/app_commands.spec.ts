import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { runCommand } from '#tests/helpers/ace_commands'

/*
 * Every app's commands are listed in every process; one run under another
 * APP_ID would reach this app's database (sso has a `users` table too).
 */
test.group('a command of another app', (group) => {
  group.setup(() => ace.ui.switchMode('raw'))

  test('{command} is refused before it runs, with exit code 1')
    .with([
      {
        command: 'transfer:users:create',
        argv: ['kim@example.com', '--role=admin'],
        app: 'transfer',
      },
      { command: 'schedule:users:create', argv: ['kim@example.com'], app: 'schedule' },
      { command: 'schedule:trash:cleanup', argv: [], app: 'schedule' },
      { command: 'transfer:demo-data', argv: ['--force'], app: 'transfer' },
    ])
    .run(async ({ assert }, { command, argv, app }) => {
      const before = await db.from('users').count('* as total').first()
      const { exitCode, output } = await runCommand(command, argv)
      assert.equal(exitCode, 1)
      assert.include(output, `${command} belongs to ${app}: run it with APP_ID=${app}`)
      assert.deepEqual(await db.from('users').count('* as total').first(), before)
    })
})
