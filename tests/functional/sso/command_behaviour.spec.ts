import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import application from '@adonisjs/core/services/app'
import { runCommand } from '#tests/helpers/ace_commands'
import { runAce } from '#tests/helpers/job_processes'
import ConnectedApp from '#models/sso/connected_app'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'

/*
 * The one way every command behaves (issue 32): what a script sees when it
 * gets the command line wrong, and when it runs a destructive command without
 * anyone at a terminal to confirm it.
 */
test.group('every command', (group) => {
  group.setup(() => ace.ui.switchMode('raw'))

  test('a wrong command line exits with 2 and says what is wrong', async ({ assert }) => {
    const env = { APP_ID: 'sso' }
    const missing = await runAce(['sso:apps:delete'], env)
    assert.equal(missing.exitCode, 2)
    assert.include(missing.output, 'Missing required argument "apiKey"')
    const unknown = await runAce(['sso:apps:list', '--nope'], env)
    assert.equal(unknown.exitCode, 2)
    assert.include(unknown.output, 'Unknown flag "--nope"')
  })

  test('a destructive command with nobody to answer needs --force', async ({ assert }) => {
    const registry = await application.container.make(ConnectedAppRegistry)
    const created = await registry.create('Wiki', ['https://wiki.example.com/callback'])
    const apiKey = created.app.apiKey
    const refused = await runCommand('sso:apps:delete', [apiKey])
    assert.equal(refused.exitCode, 1)
    assert.include(refused.output, 'not on a terminal, so run it again with --force')
    assert.isNotNull(await ConnectedApp.findBy('apiKey', apiKey))

    const forced = await runCommand('sso:apps:delete', [apiKey, '--force'])
    assert.equal(forced.exitCode, 0)
    assert.isNull(await ConnectedApp.findBy('apiKey', apiKey))
  })
})
