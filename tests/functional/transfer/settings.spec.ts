import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Setting from '#models/transfer/setting'
import { SETTING_DEFINITIONS, TransferSettings } from '#services/transfer/transfer_settings'
import { transferPerson } from '#tests/helpers/transfer_people'

test.group('transfer settings: GET /api/settings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('staff and admins see every setting with its description, value and editor', async ({
    client,
    assert,
  }) => {
    await new TransferSettings().set('site_name', 'Acme Transfer')
    for (const role of ['staff', 'admin'] as const) {
      const { session } = await transferPerson(role)
      const response = await client.get('/api/settings').withSession(session)
      response.assertStatus(200)
      const settings: { key: string }[] = response.body()
      assert.sameMembers(
        settings.map((setting) => setting.key),
        Object.keys(SETTING_DEFINITIONS)
      )
      assert.containsSubset(
        settings.find((setting) => setting.key === 'site_name'),
        {
          value: 'Acme Transfer',
          default: 'Transfer',
          input: 'text',
          secret: false,
          isSet: true,
          description: SETTING_DEFINITIONS.site_name.description,
        }
      )
      assert.containsSubset(
        settings.find((setting) => setting.key === 'upload_retention_days'),
        { value: 30, isSet: false, input: 'number', updatedAt: null }
      )
    }
  })
})

test.group('transfer settings: PUT /api/settings/:key', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('401 signed out, 403 for staff, and nothing is stored', async ({ client, assert }) => {
    const signedOut = await client
      .put('/api/settings/site_name')
      .json({ value: 'Mine' })
      .withCsrfToken()
    signedOut.assertStatus(401)
    signedOut.assertBody({ error: 'Authentication required' })

    const { session } = await transferPerson('staff')
    const forbidden = await client
      .put('/api/settings/site_name')
      .json({ value: 'Mine' })
      .withSession(session)
      .withCsrfToken()
    forbidden.assertStatus(403)
    assert.isNull(await Setting.find('site_name'))
  })

  test('an admin saves a value: the setting comes back and the app reads it', async ({
    client,
    assert,
  }) => {
    const admin = await transferPerson('admin')
    const response = await client
      .put('/api/settings/upload_alert_recipients')
      .json({ value: [' Desk@Example.com', 'ops@example.com'] })
      .withSession(admin.session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      key: 'upload_alert_recipients',
      value: ['Desk@Example.com', 'ops@example.com'],
      isSet: true,
    })
    assert.isString(response.body().updatedAt)
    assert.deepEqual(await new TransferSettings().get('upload_alert_recipients'), [
      'Desk@Example.com',
      'ops@example.com',
    ])
    const stored = await Setting.findOrFail('upload_alert_recipients')
    assert.equal(stored.updatedByUserId, admin.user.id)

    const flag = await client
      .put('/api/settings/email_verification_required')
      .json({ value: true })
      .withSession(admin.session)
      .withCsrfToken()
    flag.assertStatus(200)
    assert.isTrue(await new TransferSettings().get('email_verification_required'))
  })

  test('an unknown key is 404 { error }', async ({ client }) => {
    const { session } = await transferPerson('admin')
    const response = await client
      .put('/api/settings/favourite_colour')
      .json({ value: 'blue' })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(404)
    response.assertBody({ error: 'Unknown setting' })
  })

  test('a value the key does not accept is 422 with the field error, and nothing is stored', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson('admin')
    const cases: [string, unknown][] = [
      ['upload_retention_days', -1],
      ['upload_retention_days', 2.5],
      ['email_verification_required', 'yes'],
      ['upload_alert_recipients', ['not-an-email']],
      ['site_name', 'x'.repeat(81)],
      ['site_name', undefined],
    ]
    for (const [key, value] of cases) {
      const response = await client
        .put(`/api/settings/${key}`)
        .json(value === undefined ? {} : { value })
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().error, 'Validation failed')
      assert.match(response.body().errors[0].field, /^value/)
      assert.isNull(await Setting.find(key), `${key} stays unset`)
    }
  })

  test('without the CSRF token a change is refused', async ({ client }) => {
    const { session } = await transferPerson('admin')
    const response = await client
      .put('/api/settings/site_name')
      .json({ value: 'Mine' })
      .withSession(session)
    response.assertStatus(403)
  })
})
