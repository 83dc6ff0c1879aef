import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import mail from '@adonisjs/mail/services/main'
import EmailTemplate from '#models/transfer/email_template'
import { readOutbox } from '#services/shared/mail/outbox_transport'
import { EMAIL_TEMPLATES, TransferEmailTemplates } from '#services/transfer/email_templates'
import { runCommand } from '#tests/helpers/ace_commands'
import { transferPerson } from '#tests/helpers/transfer_people'

/*
 * The email templates and the test email from the terminal, against
 * /api/email-templates and POST /api/notifications/test-email.
 */
let directory = ''

async function admin() {
  const { session } = await transferPerson('admin')
  return session
}

test.group('transfer email template commands', (group) => {
  group.setup(async () => {
    ace.ui.switchMode('raw')
    directory = await mkdtemp(join(tmpdir(), 'email-templates-'))
    return async () => {
      ace.ui.switchMode('normal')
      await rm(directory, { recursive: true, force: true })
    }
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('list and show: tables and text, and --json as the API answers', async ({
    client,
    assert,
  }) => {
    await new TransferEmailTemplates().save('upload_alert', 'Upload: {{fileName}}', 'Got it', null)
    const session = await admin()

    const table = await runCommand('transfer:email-templates:list')
    assert.equal(table.exitCode, 0, table.output)
    assert.match(table.output, /upload_alert.*Upload: \{\{fileName\}\}.*changed/)
    assert.match(table.output, /email_verification.*Your code for.*default/)
    const list = await runCommand('transfer:email-templates:list', ['--json'])
    const listed = await client.get('/api/email-templates').withSession(session)
    assert.deepEqual(JSON.parse(list.output), listed.body())

    const shown = await runCommand('transfer:email-templates:show', ['share_notification'])
    assert.equal(shown.exitCode, 0, shown.output)
    assert.include(shown.output, `Subject: ${EMAIL_TEMPLATES.share_notification.subject}`)
    assert.include(shown.output, EMAIL_TEMPLATES.share_notification.body)
    assert.include(shown.output, '{{shareUrl}}  Link to the share page')
    const one = await runCommand('transfer:email-templates:show', ['upload_alert', '--json'])
    const api = await client.get('/api/email-templates/upload_alert').withSession(session)
    assert.deepEqual(JSON.parse(one.output), api.body())

    const unknown = await runCommand('transfer:email-templates:show', ['welcome'])
    assert.equal(unknown.exitCode, 1)
    assert.include(unknown.output, 'No email template welcome: the templates are upload_alert,')
  })

  test('edit: the body from a file, the subject from a flag, checked as the API checks them', async ({
    client,
    assert,
  }) => {
    const templates = new TransferEmailTemplates()
    const body = join(directory, 'body.txt')
    await writeFile(body, 'Hello from {{siteName}}: {{fileName}} arrived.\n')

    const saved = await runCommand('transfer:email-templates:edit', [
      'upload_alert',
      `--file=${body}`,
      '--subject=Arrived: {{fileName}}',
      '--json',
    ])
    assert.equal(saved.exitCode, 0, saved.output)
    assert.deepEqual(await templates.text('upload_alert'), {
      subject: 'Arrived: {{fileName}}',
      body: 'Hello from {{siteName}}: {{fileName}} arrived.',
    })
    const api = await client.get('/api/email-templates/upload_alert').withSession(await admin())
    assert.deepEqual(JSON.parse(saved.output), api.body())

    // Only the subject: the saved body stays.
    const subjectOnly = await runCommand('transfer:email-templates:edit', [
      'upload_alert',
      '--subject=New: {{fileName}}',
    ])
    assert.equal(subjectOnly.exitCode, 0, subjectOnly.output)
    assert.include(subjectOnly.output, 'Saved the upload_alert email (subject: New: {{fileName}})')
    assert.deepEqual(await templates.text('upload_alert'), {
      subject: 'New: {{fileName}}',
      body: 'Hello from {{siteName}}: {{fileName}} arrived.',
    })

    await writeFile(body, 'Your code is {{code}}, {{fileName}}')
    const unknownPlaceholder = await runCommand('transfer:email-templates:edit', [
      'email_verification',
      `--file=${body}`,
    ])
    assert.equal(unknownPlaceholder.exitCode, 1)
    assert.include(unknownPlaceholder.output, 'body: This email has no placeholder {{fileName}}')
    assert.isNull(await EmailTemplate.find('email_verification'))

    const missingFile = await runCommand('transfer:email-templates:edit', [
      'upload_alert',
      `--file=${join(directory, 'nope.txt')}`,
    ])
    assert.equal(missingFile.exitCode, 1)
    assert.include(missingFile.output, 'Cannot read')

    const nothing = await runCommand('transfer:email-templates:edit', ['upload_alert'])
    assert.equal(nothing.exitCode, 2)
  })

  test('restore: asked on a terminal, --force off one', async ({ assert }) => {
    const templates = new TransferEmailTemplates()
    await templates.save('download_notification', 'Downloaded', 'It was downloaded', null)
    const question = 'Restore the default download_notification email? The saved text is lost'

    const offTerminal = await runCommand('transfer:email-templates:restore', [
      'download_notification',
    ])
    assert.equal(offTerminal.exitCode, 1)
    assert.include(offTerminal.output, 'run it again with --force')

    ace.prompt.trap(question).reject()
    const declined = await runCommand('transfer:email-templates:restore', ['download_notification'])
    assert.equal(declined.exitCode, 1)
    assert.isNotNull(await EmailTemplate.find('download_notification'))

    ace.prompt.trap(question).accept()
    const restored = await runCommand('transfer:email-templates:restore', ['download_notification'])
    assert.equal(restored.exitCode, 0, restored.output)
    assert.isNull(await EmailTemplate.find('download_notification'))

    await templates.save('download_notification', 'Downloaded', 'It was downloaded', null)
    const forced = await runCommand('transfer:email-templates:restore', [
      'download_notification',
      '--force',
    ])
    assert.equal(forced.exitCode, 0, forced.output)
    assert.isNull(await EmailTemplate.find('download_notification'))
  })

  test('preview: the HTML the preview route renders, to a file; a draft is checked', async ({
    client,
    assert,
  }) => {
    const session = await admin()
    const api = await client
      .post('/api/email-templates/share_notification/preview')
      .json({})
      .withSession(session)
      .withCsrfToken()
    api.assertStatus(200)

    const out = join(directory, 'preview.html')
    const written = await runCommand('transfer:email-templates:preview', [
      'share_notification',
      `--out=${out}`,
    ])
    assert.equal(written.exitCode, 0, written.output)
    assert.equal(await readFile(out, 'utf8'), api.body().html)
    assert.include(written.output, `(subject: ${api.body().subject})`)

    const json = await runCommand('transfer:email-templates:preview', [
      'share_notification',
      '--json',
    ])
    assert.deepEqual(JSON.parse(json.output), api.body())

    const text = await runCommand('transfer:email-templates:preview', ['share_notification'])
    assert.include(text.output, 'Subject: Sam Rivera shared Stills selection.zip with you')
    assert.include(text.output, 'https://transfer.example.com/s/3f9a7c1e')

    const draft = await runCommand('transfer:email-templates:preview', [
      'share_notification',
      '--subject=For you: {{fileName}}',
      '--json',
    ])
    const draftApi = await client
      .post('/api/email-templates/share_notification/preview')
      .json({ subject: 'For you: {{fileName}}' })
      .withSession(session)
      .withCsrfToken()
    assert.deepEqual(JSON.parse(draft.output), draftApi.body())

    const bad = await runCommand('transfer:email-templates:preview', [
      'share_notification',
      '--subject=For {{nobody}}',
    ])
    assert.equal(bad.exitCode, 1)
    assert.include(bad.output, 'subject: This email has no placeholder {{nobody}}')
  })
})

test.group('transfer:mail:test', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('sends through the configured mailer, to --to, optionally as a template', async ({
    assert,
  }) => {
    const sent = await runCommand('transfer:mail:test', ['--to=desk@example.com'])
    assert.equal(sent.exitCode, 0, sent.output)
    assert.include(sent.output, 'Sent a test email to desk@example.com through the outbox mailer')
    assert.include(sent.output, 'delivers nothing')

    const template = await runCommand('transfer:mail:test', [
      '--to=desk@example.com',
      '--type=download_notification',
    ])
    assert.equal(template.exitCode, 0, template.output)
    const outbox = await readOutbox(process.env.MAIL_OUTBOX_DIR!)
    const received = outbox.filter((message) => message.to.includes('desk@example.com'))
    assert.equal(received.at(-2)!.subject, 'Test email from Transfer')
    assert.equal(received.at(-1)!.subject, 'Stills selection.zip was downloaded')
  })

  test('refuses without a recipient, a bad address or type, and says why the mailer failed', async ({
    assert,
  }) => {
    // The tests set no MAIL_FROM_ADDRESS: there is nobody to send to by default.
    const nobody = await runCommand('transfer:mail:test')
    assert.equal(nobody.exitCode, 1)
    assert.include(nobody.output, 'MAIL_FROM_ADDRESS is not set: name the recipient with --to=')

    const badAddress = await runCommand('transfer:mail:test', ['--to=desk'])
    assert.equal(badAddress.exitCode, 1)
    assert.include(badAddress.output, 'to: ')
    const badType = await runCommand('transfer:mail:test', [
      '--to=desk@example.com',
      '--type=welcome',
    ])
    assert.equal(badType.exitCode, 1)
    assert.include(badType.output, 'type: ')

    // SMTP with no SMTP_HOST: localhost, where no mail server listens.
    const configured = mail.config.default
    mail.config.default = 'smtp'
    try {
      const failed = await runCommand('transfer:mail:test', ['--to=desk@example.com'])
      assert.equal(failed.exitCode, 1)
      assert.include(failed.output, 'The mailer could not send the message: ')
    } finally {
      mail.config.default = configured
      await mail.close('smtp')
    }
  })
})
