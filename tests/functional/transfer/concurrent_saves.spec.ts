import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import EmailTemplate from '#models/transfer/email_template'
import Setting from '#models/transfer/setting'
import { EMAIL_TEMPLATE_TYPES } from '#services/transfer/email_templates'
import { transferPerson } from '#tests/helpers/transfer_people'

/*
 * Saves that arrive at the same moment, as two admins (or two tabs) send
 * them. These tests commit (no global transaction): one transaction around
 * every request would queue them on one connection and the race would never
 * happen. Each test removes what it wrote.
 */

const TIMES = 20

test.group('transfer: saves at the same moment', (group) => {
  let userIds: string[] = []

  async function admin() {
    const { user, session } = await transferPerson('admin')
    userIds.push(user.id)
    return session
  }

  group.each.teardown(async () => {
    await db.from('settings').delete()
    await db.from('email_templates').delete()
    await db.from('users').whereIn('id', userIds).delete()
    userIds = []
  })

  test('20 settings changes at once all succeed and every key keeps its value', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    const values: Record<string, unknown> = {
      email_verification_required: true,
      upload_alert_recipients: ['desk@example.com'],
      upload_retention_days: 14,
      share_default_expiry_days: 3,
      site_name: 'Acme Transfer',
      upload_page_message: 'Drop your rushes here.',
    }
    const keys = Object.keys(values)

    const responses = await Promise.all(
      Array.from({ length: TIMES }, (_, index) => {
        const key = keys[index % keys.length]
        return client
          .put(`/api/settings/${key}`)
          .json({ value: values[key] })
          .withSession(session)
          .withCsrfToken()
      })
    )

    assert.deepEqual(
      responses.map((response) => response.status()),
      Array(TIMES).fill(200)
    )
    const stored = await Setting.all()
    assert.deepEqual(Object.fromEntries(stored.map((row) => [row.key, row.value])), values)
  })

  test('20 template saves at once all succeed and each template holds its text', async ({
    client,
    assert,
  }) => {
    const session = await admin()

    const responses = await Promise.all(
      Array.from({ length: TIMES }, (_, index) => {
        const type = EMAIL_TEMPLATE_TYPES[index % EMAIL_TEMPLATE_TYPES.length]
        return client
          .put(`/api/email-templates/${type}`)
          .json({ subject: `Subject of ${type}`, body: `Body of ${type}` })
          .withSession(session)
          .withCsrfToken()
      })
    )

    assert.deepEqual(
      responses.map((response) => response.status()),
      Array(TIMES).fill(200)
    )
    const stored = await EmailTemplate.query().orderBy('type')
    assert.deepEqual(
      stored.map((row) => [row.type, row.subject, row.body]),
      [...EMAIL_TEMPLATE_TYPES]
        .sort()
        .map((type) => [type, `Subject of ${type}`, `Body of ${type}`])
    )
  })
})
