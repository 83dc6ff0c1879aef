import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import EmailTemplate from '#models/transfer/email_template'
import { EMAIL_TEMPLATES, EMAIL_TEMPLATE_TYPES } from '#services/transfer/email_templates'
import { TransferSettings } from '#services/transfer/transfer_settings'
import { readOutbox } from '#services/shared/mail/outbox_transport'
import { transferPerson } from '#tests/helpers/transfer_people'

type Call = { method: 'get' | 'put' | 'delete' | 'post'; path: string; body?: object }

const ADMIN_ONLY: Call[] = [
  { method: 'get', path: '/api/email-templates' },
  { method: 'get', path: '/api/email-templates/upload_alert' },
  { method: 'put', path: '/api/email-templates/upload_alert', body: { subject: 'S', body: 'B' } },
  { method: 'delete', path: '/api/email-templates/upload_alert' },
  { method: 'post', path: '/api/email-templates/upload_alert/preview', body: {} },
  { method: 'post', path: '/api/notifications/test-email', body: {} },
]

test.group('transfer email templates: access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => mail.restore())

  test('every template route is 401 { error } signed out and 403 for staff', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const { session } = await transferPerson('staff')
    for (const call of ADMIN_ONLY) {
      const signedOut = await client
        .request(call.path, call.method.toUpperCase())
        .json(call.body ?? {})
        .withCsrfToken()
      assert.equal(signedOut.status(), 401, `${call.method} ${call.path} signed out`)
      assert.deepEqual(signedOut.body(), { error: 'Authentication required' })

      const staff = await client
        .request(call.path, call.method.toUpperCase())
        .json(call.body ?? {})
        .withSession(session)
        .withCsrfToken()
      assert.equal(staff.status(), 403, `${call.method} ${call.path} as staff`)
      assert.deepEqual(staff.body(), { error: 'Admin access required' })
    }
    assert.lengthOf(await EmailTemplate.all(), 0)
    assert.lengthOf(mails.sent(), 0)
  })

  test('an unknown type is 404 { error } on every route', async ({ client }) => {
    const { session } = await transferPerson('admin')
    const calls: Call[] = [
      { method: 'get', path: '/api/email-templates/birthday' },
      { method: 'put', path: '/api/email-templates/birthday', body: { subject: 'S', body: 'B' } },
      { method: 'delete', path: '/api/email-templates/birthday' },
      { method: 'post', path: '/api/email-templates/birthday/preview', body: {} },
    ]
    for (const call of calls) {
      const response = await client
        .request(call.path, call.method.toUpperCase())
        .json(call.body ?? {})
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(404)
      response.assertBody({ error: 'Unknown email template' })
    }
  })
})

test.group('transfer email templates: reading, saving, restoring', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the list holds every type with its shipped default and placeholders', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson('admin')
    const response = await client.get('/api/email-templates').withSession(session)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().map((template: { type: string }) => template.type),
      EMAIL_TEMPLATE_TYPES
    )
    assert.containsSubset(response.body()[0], {
      type: 'upload_alert',
      subject: EMAIL_TEMPLATES.upload_alert.subject,
      body: EMAIL_TEMPLATES.upload_alert.body,
      placeholders: EMAIL_TEMPLATES.upload_alert.placeholders,
      isDefault: true,
    })
  })

  test('PUT saves the text; GET shows it; DELETE restores the default', async ({
    client,
    assert,
  }) => {
    const admin = await transferPerson('admin')
    const saved = await client
      .put('/api/email-templates/share_notification')
      .json({
        subject: '  {{senderName}} sent you {{fileName}} ',
        body: 'Hello!\n\nGet it here: {{shareUrl}}',
      })
      .withSession(admin.session)
      .withCsrfToken()
    saved.assertStatus(200)
    assert.containsSubset(saved.body(), {
      type: 'share_notification',
      subject: '{{senderName}} sent you {{fileName}}',
      body: 'Hello!\n\nGet it here: {{shareUrl}}',
      isDefault: false,
    })
    const stored = await EmailTemplate.findOrFail('share_notification')
    assert.equal(stored.updatedByUserId, admin.user.id)

    const shown = await client
      .get('/api/email-templates/share_notification')
      .withSession(admin.session)
    assert.equal(shown.body().subject, '{{senderName}} sent you {{fileName}}')
    assert.equal(shown.body().defaultSubject, EMAIL_TEMPLATES.share_notification.subject)

    const restored = await client
      .delete('/api/email-templates/share_notification')
      .withSession(admin.session)
      .withCsrfToken()
    restored.assertStatus(200)
    restored.assertBody({ success: true })
    const after = await client
      .get('/api/email-templates/share_notification')
      .withSession(admin.session)
    assert.equal(after.body().subject, EMAIL_TEMPLATES.share_notification.subject)
    assert.isTrue(after.body().isDefault)
  })

  test('a placeholder the type does not offer is 422 on its field, and nothing is saved', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson('admin')
    const response = await client
      .put('/api/email-templates/email_verification')
      .json({
        subject: 'Code {{code}} for {{fileName}}',
        body: 'Your code: {{ code }} {{password}}',
      })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(422)
    assert.equal(response.body().error, 'Validation failed')
    assert.containsSubset(response.body().errors, [
      {
        field: 'subject',
        rule: 'placeholders',
        message: 'This email has no placeholder {{fileName}}',
      },
      {
        field: 'body',
        rule: 'placeholders',
        message: 'This email has no placeholder {{password}}',
      },
    ])
    assert.isNull(await EmailTemplate.find('email_verification'))
  })

  test('lengths: a missing or too long subject or body is 422', async ({ client, assert }) => {
    const { session } = await transferPerson('admin')
    const cases = [
      { subject: '', body: 'Body' },
      { subject: 'x'.repeat(201), body: 'Body' },
      { subject: 'Subject', body: 'x'.repeat(20_001) },
      { subject: 'Two\nlines', body: 'Body' },
      { body: 'Body' },
      { subject: 'Subject' },
    ]
    for (const body of cases) {
      const response = await client
        .put('/api/email-templates/upload_alert')
        .json(body)
        .withSession(session)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(body).slice(0, 60))
    }
    const longest = await client
      .put('/api/email-templates/upload_alert')
      .json({ subject: 'x'.repeat(200), body: 'x'.repeat(20_000) })
      .withSession(session)
      .withCsrfToken()
    longest.assertStatus(200)
  })
})

test.group('transfer email templates: preview', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the saved template with sample data and the site name, as subject, html and text', async ({
    client,
    assert,
  }) => {
    await new TransferSettings().set('site_name', 'Acme Transfer')
    const { session } = await transferPerson('admin')
    const response = await client
      .post('/api/email-templates/upload_alert/preview')
      .json({})
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.properties(response.body(), ['subject', 'html', 'text'])
    assert.equal(
      response.body().subject,
      `New upload: ${EMAIL_TEMPLATES.upload_alert.sample.fileName}`
    )
    assert.include(response.body().text, 'to Acme Transfer.')
    assert.include(response.body().html, '<a href="https://transfer.example.com/admin">')
    assert.include(response.body().html, '<html lang="en">', 'screen readers read it in English')
    assert.include(
      response.body().html,
      `<title>New upload: ${EMAIL_TEMPLATES.upload_alert.sample.fileName}</title>`
    )
  })

  test('unsaved text is previewed (and not saved); markup in it is escaped', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson('admin')
    const response = await client
      .post('/api/email-templates/email_verification/preview')
      .json({ body: '<script>alert(1)</script> Code: {{code}}' })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(response.body().text, '<script>alert(1)</script> Code: 482913')
    assert.include(response.body().html, '&lt;script&gt;alert(1)&lt;/script&gt; Code: 482913')
    assert.notInclude(response.body().html, '<script>')
    assert.equal(
      response.body().subject,
      EMAIL_TEMPLATES.email_verification.subject
        .replace('{{siteName}}', 'Transfer')
        .replace('{{code}}', '482913')
    )
    assert.isNull(await EmailTemplate.find('email_verification'))

    // The subject is the HTML's title, escaped like the body.
    const titled = await client
      .post('/api/email-templates/email_verification/preview')
      .json({ subject: '<b>Code</b> {{code}}' })
      .withSession(session)
      .withCsrfToken()
    assert.include(titled.body().html, '<title>&lt;b&gt;Code&lt;/b&gt; 482913</title>')
  })

  test('a draft with a placeholder the type does not offer is 422', async ({ client }) => {
    const { session } = await transferPerson('admin')
    const response = await client
      .post('/api/email-templates/email_verification/preview')
      .json({ subject: '{{fileName}}' })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(422)
  })
})

test.group('transfer test email: POST /api/notifications/test-email', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("goes through the configured mailer to the admin's own address by default", async ({
    client,
    assert,
  }) => {
    const admin = await transferPerson('admin')
    const response = await client
      .post('/api/notifications/test-email')
      .json({})
      .withSession(admin.session)
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true, to: admin.user.email })

    const outbox = await readOutbox(process.env.MAIL_OUTBOX_DIR!)
    const sent = outbox.filter((message) => message.to.includes(admin.user.email))
    assert.lengthOf(sent, 1)
    assert.equal(sent[0].subject, 'Test email from Transfer')
    assert.include(sent[0].text!, 'sent through the outbox mailer')
  })

  test('to another address, optionally as one of the templates with sample data', async ({
    client,
    assert,
  }) => {
    const { session } = await transferPerson('admin')
    const response = await client
      .post('/api/notifications/test-email')
      .json({ to: 'desk@example.com', type: 'download_notification' })
      .withSession(session)
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true, to: 'desk@example.com' })
    const outbox = await readOutbox(process.env.MAIL_OUTBOX_DIR!)
    const sent = outbox.filter((message) => message.to.includes('desk@example.com'))
    assert.equal(sent.at(-1)!.subject, 'Stills selection.zip was downloaded')
  })

  test('a bad address or type is 422', async ({ client }) => {
    const { session } = await transferPerson('admin')
    for (const body of [{ to: 'nobody' }, { type: 'birthday' }]) {
      const response = await client
        .post('/api/notifications/test-email')
        .json(body)
        .withSession(session)
        .withCsrfToken()
      response.assertStatus(422)
    }
  })
})
