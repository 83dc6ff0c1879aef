import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import { runCommand } from '#tests/helpers/ace_commands'
import testUtils from '@adonisjs/core/services/test_utils'
import bcrypt from 'bcrypt'
import { appUrl } from '#config/app'
import StaffShare from '#models/transfer/staff_share'
import { PASSWORD_WORDS } from '#services/transfer/password_generator'
import { StaffShares } from '#services/transfer/staff_shares'
import { storedUpload } from '#tests/helpers/stored_uploads'

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
      [['not-an-id'], 'uploadId'],
      [[upload.id, '--max-downloads=0'], 'maxDownloads'],
      [[upload.id, '--password=x', '--generate-password'], 'not both'],
    ] as const
    for (const [argv, message] of refusals) {
      const result = await runCommand('transfer:shares:create', [...argv])
      assert.equal(result.exitCode, 1, argv.join(' '))
      assert.include(result.output, message)
    }
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

  test('shares:revoke deletes the share; an unknown id exits with 1', async ({ assert }) => {
    const upload = await storedUpload('bytes')
    const share = await new StaffShares().create(upload.id, {}, null, appUrl)
    const result = await runCommand('transfer:shares:revoke', [share.id])
    assert.equal(result.exitCode, 0)
    assert.isNull(await StaffShare.find(share.id))

    for (const id of [share.id, 'nonsense']) {
      const again = await runCommand('transfer:shares:revoke', [id])
      assert.equal(again.exitCode, 1)
      assert.include(again.output, 'No share with id')
    }
  })
})
