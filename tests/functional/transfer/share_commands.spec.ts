import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import { runCommand } from '#tests/helpers/ace_commands'
import testUtils from '@adonisjs/core/services/test_utils'
import bcrypt from 'bcrypt'
import { appUrl } from '#config/app'
import StaffShare from '#models/transfer/staff_share'
import { PASSWORD_WORDS } from '#services/transfer/password_generator'
import { StaffShares } from '#services/transfer/staff_shares'
import { storedUpload, transferPerson } from '#tests/helpers/stored_uploads'

test.group('transfer share commands', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shares:create prints the link on APP_URL and a generated password that works', async ({
    client,
    assert,
  }) => {
    const upload = await storedUpload('bytes', { fileName: 'edit.mov' })
    const result = await runCommand('transfer:shares:create', [
      upload.id,
      '--generate-password',
      '--expires-in-days=3',
      '--max-downloads=2',
    ])
    assert.equal(result.exitCode, 0, result.output)
    const link = /Link: (\S+)/.exec(result.output)![1]
    const password = /Password: (\S+)/.exec(result.output)![1]
    assert.match(link, new RegExp(`^${appUrl}/s/[A-Za-z0-9_-]{43}$`))
    assert.match(password, new RegExp(`^(?:${PASSWORD_WORDS.join('|')}){4}$`))
    assert.include(result.output, 'Downloads allowed: 2')

    const token = link.split('/s/')[1]
    const share = await StaffShare.findByOrFail('token', token)
    assert.isTrue(await bcrypt.compare(password, share.passwordHash!))
    assert.equal(share.maxDownloads, 2)
    const download = await client
      .post(`/api/share/${token}/download`)
      .json({ password })
      .withCsrfToken()
    download.assertStatus(200)
  })

  test('shares:create with --password, or none; refusals exit with 1', async ({ assert }) => {
    const upload = await storedUpload('bytes')
    const withPassword = await runCommand('transfer:shares:create', [
      upload.id,
      '--password=letmein',
    ])
    assert.equal(withPassword.exitCode, 0)
    assert.include(withPassword.output, 'Password: letmein')

    const open = await runCommand('transfer:shares:create', [upload.id, '--expires-in-days=0'])
    assert.include(open.output, 'Password: none')
    assert.include(open.output, 'Expires: never')

    const partial = await storedUpload('by', { status: 'uploading' })
    const refusals = [
      [[partial.id], 'Only a finished upload can be shared'],
      [['00000000-0000-4000-8000-000000000000'], 'Upload not found'],
      [['not-a-file.mov'], 'No upload is named not-a-file.mov'],
      [[upload.id, '--max-downloads=0'], 'maxDownloads'],
      [[upload.id, '--expires-in-days=-1'], 'expiresInDays'],
    ] as const
    for (const [argv, message] of refusals) {
      const result = await runCommand('transfer:shares:create', [...argv])
      assert.equal(result.exitCode, 1, argv.join(' '))
      assert.include(result.output, message)
    }
    const both = await runCommand('transfer:shares:create', [
      upload.id,
      '--password=x',
      '--generate-password',
    ])
    assert.equal(both.exitCode, 2)
    assert.include(both.output, 'not both')
    assert.lengthOf(await StaffShare.all(), 2)
  })

  test('shares:create finds the upload by its exact file name, when only one has it', async ({
    assert,
  }) => {
    const upload = await storedUpload('bytes', { fileName: 'Final cut.mov' })
    const named = await runCommand('transfer:shares:create', ['Final cut.mov'])
    assert.equal(named.exitCode, 0, named.output)
    assert.include(named.output, 'Shared Final cut.mov')
    const [share] = await StaffShare.all()
    assert.equal(share.uploadId, upload.id)

    const nearly = await runCommand('transfer:shares:create', ['final cut.mov'])
    assert.equal(nearly.exitCode, 1)
    assert.include(nearly.output, 'transfer:uploads:list --search="final cut.mov"')

    await storedUpload('other bytes', { fileName: 'Final cut.mov' })
    const twice = await runCommand('transfer:shares:create', ['Final cut.mov'])
    assert.equal(twice.exitCode, 1)
    assert.include(twice.output, '2 uploads are named Final cut.mov: give the id of one')
    assert.lengthOf(await StaffShare.all(), 1)
  })

  test('shares:list shows each share with its readable password and downloads', async ({
    assert,
  }) => {
    const empty = await runCommand('transfer:shares:list', [])
    assert.include(empty.output, 'No shares yet')

    const upload = await storedUpload('bytes', { fileName: 'grade.mov' })
    const share = await new StaffShares().create(
      upload.id,
      { password: 'tigerlemon', maxDownloads: 4 },
      null,
      appUrl
    )
    const result = await runCommand('transfer:shares:list', [])
    assert.equal(result.exitCode, 0)
    for (const text of [
      share.id,
      'grade.mov',
      `${appUrl}/s/${share.token}`,
      'tigerlemon',
      '0 of 4',
    ]) {
      assert.include(result.output, text)
    }
    assert.notInclude(result.output, '$2b$')
  })

  test("shares:list --json is GET /api/staff-shares; --upload keeps one upload's", async ({
    client,
    assert,
  }) => {
    const first = await storedUpload('bytes', { fileName: 'a.mov' })
    const second = await storedUpload('bytes', { fileName: 'b.mov' })
    await new StaffShares().create(first.id, { password: 'tigerlemon' }, null, appUrl)
    await new StaffShares().create(second.id, { maxDownloads: 3 }, null, appUrl)
    const { session } = await transferPerson()
    const api = await client.get('/api/staff-shares').withSession(session)
    api.assertStatus(200)

    const listed = await runCommand('transfer:shares:list', ['--json'])
    assert.equal(listed.exitCode, 0)
    // The same body, but links on APP_URL rather than on the request's origin.
    const onAppUrl = api
      .body()
      .map((share: { token: string }) => ({ ...share, url: `${appUrl}/s/${share.token}` }))
    assert.deepEqual(JSON.parse(listed.output), onAppUrl)

    const ofOne = await runCommand('transfer:shares:list', [`--upload=${second.id}`, '--json'])
    assert.deepEqual(
      JSON.parse(ofOne.output).map((share: { fileName: string }) => share.fileName),
      ['b.mov']
    )
  })

  test('shares:update sets, generates and removes passwords, expiry and the limit', async ({
    assert,
  }) => {
    const upload = await storedUpload('bytes', { fileName: 'cut.mov' })
    const share = await new StaffShares().create(upload.id, { expiresInDays: 0 }, null, appUrl)
    const update = async (...argv: string[]) => {
      const result = await runCommand('transfer:shares:update', [share.id, ...argv])
      await share.refresh()
      return result
    }

    const set = await update('--password=letmein', '--expires-in-days=2', '--max-downloads=5')
    assert.equal(set.exitCode, 0, set.output)
    assert.include(set.output, 'Password: letmein')
    assert.include(set.output, 'Downloads: 0 of 5')
    assert.isTrue(await bcrypt.compare('letmein', share.passwordHash!))
    assert.equal(share.maxDownloads, 5)
    assert.closeTo(share.expiresAt!.diffNow('days').days, 2, 0.01)

    const generated = await update('--generate-password', '--expires-at=2040-01-31T18:00:00Z')
    assert.equal(generated.exitCode, 0, generated.output)
    const password = /Password: (\S+)/.exec(generated.output)![1]
    assert.match(password, new RegExp(`^(?:${PASSWORD_WORDS.join('|')}){4}$`))
    assert.isTrue(await bcrypt.compare(password, share.passwordHash!))
    assert.equal(share.expiresAt!.toUTC().toISO(), '2040-01-31T18:00:00.000Z')
    assert.equal(share.maxDownloads, 5)

    const opened = await update(
      '--remove-password',
      '--remove-download-limit',
      '--expires-in-days=0'
    )
    assert.equal(opened.exitCode, 0, opened.output)
    assert.include(opened.output, 'Password: none')
    assert.include(opened.output, 'Expires: never')
    assert.isNull(share.passwordHash)
    assert.isNull(share.maxDownloads)
    assert.isNull(share.expiresAt)
  })

  test('shares:update refuses a bad expiry, an unknown share and contradictions', async ({
    assert,
  }) => {
    const upload = await storedUpload('bytes')
    const share = await new StaffShares().create(upload.id, { maxDownloads: 2 }, null, appUrl)
    const refusals = [
      [[share.id, '--expires-at=next tuesday'], 1, 'expiresAt'],
      [[share.id, '--expires-in-days=-3'], 1, 'expiresInDays'],
      [[share.id, '--max-downloads=0'], 1, 'maxDownloads'],
      [['00000000-0000-4000-8000-000000000000', '--max-downloads=3'], 1, 'No share with id'],
      [['nonsense', '--max-downloads=3'], 1, 'No share with id nonsense'],
      [[share.id], 2, 'Nothing to change'],
      [[share.id, '--password=a', '--remove-password'], 2, 'not several'],
      [[share.id, '--expires-in-days=1', '--expires-at=2040-01-01T00:00:00Z'], 2, 'not both'],
      [[share.id, '--max-downloads=3', '--remove-download-limit'], 2, 'not both'],
    ] as const
    for (const [argv, exitCode, message] of refusals) {
      const result = await runCommand('transfer:shares:update', [...argv])
      assert.equal(result.exitCode, exitCode, argv.join(' '))
      assert.include(result.output, message)
    }
    await share.refresh()
    assert.equal(share.maxDownloads, 2)
  })

  test('shares:revoke needs --force off a terminal; an unknown id exits with 1', async ({
    assert,
  }) => {
    const upload = await storedUpload('bytes', { fileName: 'cut.mov' })
    const share = await new StaffShares().create(upload.id, {}, null, appUrl)
    const refused = await runCommand('transfer:shares:revoke', [share.id])
    assert.equal(refused.exitCode, 1)
    assert.include(refused.output, 'run it again with --force')
    assert.isNotNull(await StaffShare.find(share.id))

    ace.prompt.trap('Revoke the share of cut.mov? Its link stops working; the file stays').accept()
    const result = await runCommand('transfer:shares:revoke', [share.id])
    assert.equal(result.exitCode, 0, result.output)
    assert.isNull(await StaffShare.find(share.id))

    for (const id of [share.id, 'nonsense']) {
      const again = await runCommand('transfer:shares:revoke', [id, '--force'])
      assert.equal(again.exitCode, 1)
      assert.include(again.output, 'No share with id')
    }
  })
})
