import { test } from '@japa/runner'
import { NUL, jsonCase, type Send, type Session } from '#tests/helpers/text_field_cases'
import testUtils from '@adonisjs/core/services/test_utils'
import StaffShare from '#models/transfer/staff_share'
import { storedUpload, transferPerson } from '#tests/helpers/stored_uploads'
import { TusVisitor } from '#tests/helpers/tus_visitor'

function errorFields(body: { errors?: { field: string }[] }) {
  return (body.errors ?? []).map((error) => error.field)
}

function assertNamesField(response: Awaited<ReturnType<Send>>, field: string, route: string) {
  if (response.status() !== 422) {
    throw new Error(`${route} ${field}: expected 422, got ${response.status()}`)
  }
  const fields = errorFields(response.body())
  if (!fields.includes(field)) {
    throw new Error(`${route}: the 422 names ${fields.join(', ')}, not ${field}`)
  }
}

async function admin() {
  const { session } = await transferPerson('admin')
  return session as Session
}

test.group('transfer: free text is checked before it reaches the database', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a NUL in any text field is a 422 { error, errors } naming the field', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    const upload = await storedUpload('hello')
    const share = await StaffShare.create({ uploadId: upload.id, token: 'tok-free-text' })
    const staff = await transferPerson('staff')
    for (const { route, field, send } of [
      jsonCase('post', '/api/staff-shares', { uploadId: upload.id }, 'title'),
      jsonCase('post', '/api/staff-shares', { uploadId: upload.id }, 'message'),
      jsonCase('post', '/api/staff-shares', { uploadId: upload.id }, 'password'),
      jsonCase('put', `/api/staff-shares/${share.id}`, {}, 'title'),
      jsonCase('patch', `/api/users/${staff.user.id}`, {}, 'displayName'),
      jsonCase('put', '/api/settings/site_name', {}, 'value'),
      jsonCase('put', '/api/settings/upload_page_message', {}, 'value'),
      jsonCase('put', '/api/email-templates/upload_alert', { subject: 'New upload' }, 'body'),
      jsonCase('post', '/api/share/tok-free-text/download', {}, 'password'),
      {
        route: 'GET /api/public-uploads',
        field: 'search',
        send: ((c, s, search) =>
          c.get('/api/public-uploads').qs({ search }).withSession(s)) as Send,
      },
    ]) {
      const response = await send(client, session, `A${NUL}B`)
      assertNamesField(response, field, route)
      assert.equal(response.body().error, 'Validation failed', route)
    }
  })

  test('a public upload whose metadata holds a control character is a 422', async ({ assert }) => {
    const visitor = new TusVisitor()
    for (const [metadata, field] of [
      [{ filename: `report${NUL}.pdf` }, 'filename'],
      [{ filename: 'report.pdf', name: 'Ada\nLovelace' }, 'name'],
      [{ filename: 'report.pdf', message: `ring\u0007` }, 'message'],
    ] as const) {
      const { response } = await visitor.create(5, metadata)
      assert.equal(response.status, 422, JSON.stringify(metadata))
      assert.include(errorFields((await response.json()) as never), field)
    }
  })

  test('a share link mangled into control characters is an unknown share, not a 500', async ({
    client,
    assert,
  }) => {
    for (const token of ['a%00b', 'tok%0Aen', '%7F']) {
      const metadata = await client.get(`/api/share/${token}`)
      metadata.assertStatus(404)
      metadata.assertBody({ error: 'Share not found' })
      const download = await client.post(`/api/share/${token}/download`).json({}).withCsrfToken()
      download.assertStatus(404)
      const page = await client
        .get(`/s/${token}`)
        .header('x-inertia', 'true')
        .header('x-inertia-version', '1')
      page.assertStatus(404)
      assert.deepEqual(page.body().props.unavailable, { status: 404, message: 'Share not found' })
    }
  })

  test('titles are one line; messages keep their tabs and line breaks', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    const upload = await storedUpload('hello')
    for (const title of ['Two\nlines', 'Tab\there', 'del\u007f', 'half\udc00']) {
      const refused = await client
        .post('/api/staff-shares')
        .json({ uploadId: upload.id, title })
        .withSession(session)
        .withCsrfToken()
      assertNamesField(refused, 'title', JSON.stringify(title))
    }

    const message = 'Hi Sam,\r\n\tthe cut is attached.\nBest'
    const created = await client
      .post('/api/staff-shares')
      .json({ uploadId: upload.id, title: 'Final cut', message })
      .withSession(session)
      .withCsrfToken()
    assert.oneOf(created.status(), [200, 201])
    const stored = await StaffShare.query().where('upload_id', upload.id).firstOrFail()
    assert.equal(stored.message, message)
  })
})
