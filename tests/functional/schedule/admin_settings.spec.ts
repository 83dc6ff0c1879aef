import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import AppSetting from '#models/schedule/app_setting'
import { SETTING_DEFINITIONS } from '#services/schedule/settings/schedule_settings'
import { schedulePerson } from '#tests/helpers/schedule_people'

test.group('schedule /api/admin/settings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('staff 403 on GET and PATCH', async ({ client, assert }) => {
    const { session } = await schedulePerson('staff')
    for (const method of ['get', 'patch'] as const) {
      const staff = await client
        .request('/api/admin/settings', method)
        .json({ company_name: 'X' })
        .withSession(session)
        .withCsrfToken()
      staff.assertStatus(403)
      assert.deepEqual(staff.body(), { message: 'Admin access required' })
    }
    assert.isNull(await AppSetting.find('company_name'))
  })

  test('GET: defaults for every key, and how to edit each', async ({ client, assert }) => {
    const { session } = await schedulePerson('admin')
    const response = await client.get('/api/admin/settings').withSession(session)
    response.assertStatus(200)
    const { settings, definitions } = response.body()
    assert.deepEqual(settings, {
      company_name: '',
      landing_title: 'Schedule',
      landing_message: '',
      week_starts_on: 1,
      default_calendar_view: 'month',
      default_calendar_mode: 'projects',
      default_project_color: '#2563eb',
      backup_secret: null,
    })
    assert.sameMembers(
      definitions.map((definition: { key: string }) => definition.key),
      Object.keys(SETTING_DEFINITIONS)
    )
    const secret = definitions.find(
      (definition: { key: string }) => definition.key === 'backup_secret'
    )
    assert.containsSubset(secret, { input: 'secret', secret: true, isSet: false })
    const view = definitions.find(
      (definition: { key: string }) => definition.key === 'default_calendar_view'
    )
    assert.equal(view.input, 'select')
    assert.lengthOf(view.options, 5)
  })

  test('PATCH stores several keys at once and answers the new state', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin')
    const response = await client
      .patch('/api/admin/settings')
      .json({
        company_name: '  Acme Films ',
        week_starts_on: 0,
        default_calendar_mode: 'people',
        default_project_color: '#AA3300',
      })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body().settings, {
      company_name: 'Acme Films',
      week_starts_on: 0,
      default_calendar_mode: 'people',
      default_project_color: '#AA3300',
      landing_title: 'Schedule',
    })
    const stored = await AppSetting.findOrFail('week_starts_on')
    assert.equal(stored.value, 0)

    const again = await client.get('/api/admin/settings').withSession(session)
    assert.equal(again.body().settings.company_name, 'Acme Films')
  })

  test('PATCH: a secret is stored but never sent back; null unsets it', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin')
    const secret = 'a-long-backup-secret-0123456789'
    const response = await client
      .patch('/api/admin/settings')
      .json({ backup_secret: secret })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.isNull(response.body().settings.backup_secret)
    assert.notInclude(JSON.stringify(response.body()), secret)
    const definition = response
      .body()
      .definitions.find((entry: { key: string }) => entry.key === 'backup_secret')
    assert.isTrue(definition.isSet)
    const stored = await AppSetting.findOrFail('backup_secret')
    assert.equal(stored.value, secret)

    const cleared = await client
      .patch('/api/admin/settings')
      .json({ backup_secret: null, company_name: null })
      .withSession(session)
      .withCsrfToken()
    cleared.assertStatus(200)
    assert.isNull(await AppSetting.find('backup_secret'))
  })

  test('PATCH: unknown keys and bad values are 422 and nothing is stored', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin')
    const unknown = await client
      .patch('/api/admin/settings')
      .json({ company_name: 'Acme', calsync_calendar_id: 'x' })
      .withSession(session)
      .withCsrfToken()
    unknown.assertStatus(422)
    assert.deepEqual(unknown.body(), {
      message: 'Validation failed',
      errors: [{ field: 'calsync_calendar_id', message: 'Unknown setting', rule: 'setting' }],
    })

    const invalid = await client
      .patch('/api/admin/settings')
      .json({
        company_name: 'Acme',
        week_starts_on: 3,
        default_calendar_view: 'decade',
        default_project_color: 'red',
        backup_secret: 'short',
      })
      .withSession(session)
      .withCsrfToken()
    invalid.assertStatus(422)
    assert.sameMembers(
      invalid.body().errors.map((error: { field: string }) => error.field),
      ['week_starts_on', 'default_calendar_view', 'default_project_color', 'backup_secret']
    )
    assert.isNull(await AppSetting.find('company_name'))
  })
})
