import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import { SETTING_DEFINITIONS, TransferSettings } from '#services/transfer/transfer_settings'
import { runCommand } from '#tests/helpers/ace_commands'
import { transferPerson } from '#tests/helpers/transfer_people'

/* transfer:settings:list and :set, against GET /api/settings and PUT /api/settings/:key. */
test.group('transfer settings commands', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('transfer:settings:list: a table, and --json as GET /api/settings answers', async ({
    client,
    assert,
  }) => {
    await new TransferSettings().set('site_name', 'Acme Transfer')
    const table = await runCommand('transfer:settings:list')
    assert.equal(table.exitCode, 0, table.output)
    assert.match(table.output, /site_name.*Acme Transfer.*Transfer/)
    assert.match(table.output, /upload_retention_days.*30.*30/)

    const json = await runCommand('transfer:settings:list', ['--json'])
    assert.equal(json.exitCode, 0, json.output)
    const { session } = await transferPerson('admin')
    const api = await client.get('/api/settings').withSession(session)
    api.assertStatus(200)
    assert.deepEqual(JSON.parse(json.output), api.body())
  })

  test('transfer:settings:set stores each kind of value, as the page would send it', async ({
    client,
    assert,
  }) => {
    const settings = new TransferSettings()
    for (const [key, typed, stored] of [
      ['email_verification_required', 'true', true],
      ['upload_retention_days', '90', 90],
      [
        'upload_alert_recipients',
        'desk@example.com, ops@example.com',
        ['desk@example.com', 'ops@example.com'],
      ],
      ['site_name', '  Acme Transfer ', 'Acme Transfer'],
      ['upload_page_message', '', ''],
    ] as const) {
      const result = await runCommand('transfer:settings:set', [key, typed])
      assert.equal(result.exitCode, 0, result.output)
      assert.deepEqual(await settings.get(key), stored)
    }

    const json = await runCommand('transfer:settings:set', [
      'share_default_expiry_days',
      '14',
      '--json',
    ])
    assert.equal(json.exitCode, 0, json.output)
    const { session } = await transferPerson('admin')
    const api = await client.get('/api/settings').withSession(session)
    assert.deepEqual(
      JSON.parse(json.output),
      api.body().find((setting: { key: string }) => setting.key === 'share_default_expiry_days')
    )
    assert.containsSubset(JSON.parse(json.output), { value: 14, isSet: true })
  })

  test('transfer:settings:set refuses what the API refuses, and unknown keys', async ({
    assert,
  }) => {
    const settings = new TransferSettings()
    for (const [key, typed] of [
      ['upload_retention_days', 'soon'],
      ['upload_retention_days', '5000'],
      ['email_verification_required', 'maybe'],
      ['upload_alert_recipients', 'desk@example.com,not-an-address'],
      ['site_name', ''],
    ]) {
      const result = await runCommand('transfer:settings:set', [key, typed])
      assert.equal(result.exitCode, 1, `${key} ${typed}: ${result.output}`)
      assert.include(result.output, `${key}: `)
    }
    assert.equal(await settings.get('upload_retention_days'), 30)
    const stored = await settings.all()
    assert.lengthOf(
      stored.filter((setting) => setting.row),
      0
    )

    const unknown = await runCommand('transfer:settings:set', ['colour', 'blue'])
    assert.equal(unknown.exitCode, 1)
    assert.include(
      unknown.output,
      `No setting colour: the settings are ${Object.keys(SETTING_DEFINITIONS).join(', ')}`
    )

    // Wrong usage (bin/console.ts exits with 2 on it).
    await assert.rejects(
      () => runCommand('transfer:settings:set', ['site_name']),
      /Missing required argument "value"/
    )
  })
})
