import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import { runCommand } from '#tests/helpers/ace_commands'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/transfer/user'
import { TransferUsers } from '#services/transfer/transfer_users'
import { transferPerson } from '#tests/helpers/stored_uploads'

async function roleOf(email: string) {
  const user = await new TransferUsers().findByEmail(email)
  return user?.role ?? null
}

test.group('transfer user commands', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('transfer:bootstrap-admin lets the first admin in, and only the first', async ({
    assert,
  }) => {
    const first = await runCommand('transfer:bootstrap-admin', ['Boss@Example.com'])
    assert.equal(first.exitCode, 0, first.output)
    assert.include(first.output, "boss@example.com is transfer's first admin")
    assert.equal(await roleOf('boss@example.com'), 'admin')

    const second = await runCommand('transfer:bootstrap-admin', ['other@example.com'])
    assert.equal(second.exitCode, 1)
    assert.include(second.output, 'An admin already exists')
    assert.isNull(await roleOf('other@example.com'))
  })

  test('transfer:bootstrap-admin refuses a bad email, and an existing staff member', async ({
    assert,
  }) => {
    const invalid = await runCommand('transfer:bootstrap-admin', ['not-an-email'])
    assert.equal(invalid.exitCode, 1)
    assert.lengthOf(await User.all(), 0)

    await new TransferUsers().create('crew@example.com', 'staff')
    const existing = await runCommand('transfer:bootstrap-admin', ['crew@example.com'])
    assert.equal(existing.exitCode, 1)
    assert.include(existing.output, 'transfer:users:set-role crew@example.com admin')
    assert.equal(await roleOf('crew@example.com'), 'staff')
  })

  test('transfer:users:list shows every user with their role', async ({ assert }) => {
    const empty = await runCommand('transfer:users:list', [])
    assert.equal(empty.exitCode, 0)
    assert.include(empty.output, 'No users yet')

    await new TransferUsers().create('ana@example.com', 'admin')
    await new TransferUsers().create('sam@example.com', 'staff')
    const listed = await runCommand('transfer:users:list', [])
    assert.equal(listed.exitCode, 0, listed.output)
    assert.match(listed.output, /ana@example\.com.*ana.*admin/)
    assert.match(listed.output, /sam@example\.com.*sam.*staff/)
    assert.include(listed.output, '2 user(s)')
  })

  test('transfer:users:set-role changes a role; the last admin stays admin', async ({ assert }) => {
    await new TransferUsers().create('ana@example.com', 'admin')
    await new TransferUsers().create('sam@example.com', 'staff')

    const promoted = await runCommand('transfer:users:set-role', ['SAM@example.com', 'admin'])
    assert.equal(promoted.exitCode, 0, promoted.output)
    assert.equal(await roleOf('sam@example.com'), 'admin')

    const demoted = await runCommand('transfer:users:set-role', ['ana@example.com', 'staff'])
    assert.equal(demoted.exitCode, 0, demoted.output)
    assert.equal(await roleOf('ana@example.com'), 'staff')

    const last = await runCommand('transfer:users:set-role', ['sam@example.com', 'staff'])
    assert.equal(last.exitCode, 1)
    assert.include(last.output, 'The last admin cannot be removed or made staff')
    assert.equal(await roleOf('sam@example.com'), 'admin')

    const badRole = await runCommand('transfer:users:set-role', ['sam@example.com', 'owner'])
    assert.equal(badRole.exitCode, 1)
    assert.include(badRole.output, 'The role must be staff or admin')

    const nobody = await runCommand('transfer:users:set-role', ['nobody@example.com', 'admin'])
    assert.equal(nobody.exitCode, 1)
    assert.include(nobody.output, 'No transfer user with the email nobody@example.com')
  })

  test('transfer:users:delete asks first, removes with --force, and keeps the last admin', async ({
    assert,
  }) => {
    await new TransferUsers().create('ana@example.com', 'admin')
    await new TransferUsers().create('sam@example.com', 'staff')

    ace.prompt
      .trap(
        'Remove sam@example.com? They lose access at their next request; their uploads and shares stay'
      )
      .reject()
    const kept = await runCommand('transfer:users:delete', ['sam@example.com'])
    assert.equal(kept.exitCode, 1)
    assert.equal(await roleOf('sam@example.com'), 'staff')

    ace.prompt
      .trap(
        'Remove sam@example.com? They lose access at their next request; their uploads and shares stay'
      )
      .accept()
    const removed = await runCommand('transfer:users:delete', ['sam@example.com'])
    assert.equal(removed.exitCode, 0, removed.output)
    assert.isNull(await roleOf('sam@example.com'))

    const last = await runCommand('transfer:users:delete', ['ana@example.com', '--force'])
    assert.equal(last.exitCode, 1)
    assert.include(last.output, 'The last admin cannot be removed')
    assert.equal(await roleOf('ana@example.com'), 'admin')

    const nobody = await runCommand('transfer:users:delete', ['nobody@example.com', '--force'])
    assert.equal(nobody.exitCode, 1)

    await new TransferUsers().create('kim@example.com', 'staff')
    const unasked = await runCommand('transfer:users:delete', ['kim@example.com'])
    assert.equal(unasked.exitCode, 1)
    assert.include(unasked.output, 'run it again with --force')
    assert.equal(await roleOf('kim@example.com'), 'staff')
  })

  test('transfer:users:list --json is GET /api/users', async ({ client, assert }) => {
    const { session } = await transferPerson('admin', 'ana@example.com')
    await new TransferUsers().create('sam@example.com', 'staff')
    const api = await client.get('/api/users').withSession(session)
    api.assertStatus(200)
    const listed = await runCommand('transfer:users:list', ['--json'])
    assert.equal(listed.exitCode, 0)
    assert.deepEqual(JSON.parse(listed.output), api.body())
  })

  test('transfer:users:update changes the email and name as PATCH /api/users/:id', async ({
    assert,
  }) => {
    const ana = await new TransferUsers().create('ana@example.com', 'admin')
    ana.ssoUserId = 'sso-ana'
    await ana.save()
    await new TransferUsers().create('sam@example.com', 'staff')

    const renamed = await runCommand('transfer:users:update', [
      'ANA@example.com',
      '--email=Ana.Lind@Example.com',
      '--name=Ana Lind',
    ])
    assert.equal(renamed.exitCode, 0, renamed.output)
    assert.include(renamed.output, 'ana.lind@example.com (Ana Lind) updated')
    await ana.refresh()
    assert.equal(ana.email, 'ana.lind@example.com')
    assert.equal(ana.displayName, 'Ana Lind')
    assert.equal(ana.role, 'admin')
    // Another address may be another sso account: linked again at its first sign-in.
    assert.isNull(ana.ssoUserId)

    const refusals = [
      [
        ['sam@example.com', '--email=ana.lind@example.com'],
        1,
        'A user with this email already exists',
      ],
      [['sam@example.com', '--email=not-an-email'], 1, 'email'],
      [['sam@example.com', `--name=${'n'.repeat(121)}`], 1, 'displayName'],
      [
        ['nobody@example.com', '--name=Nobody'],
        1,
        'No transfer user with the email nobody@example.com',
      ],
      [['sam@example.com'], 2, 'Nothing to change'],
    ] as const
    for (const [argv, exitCode, message] of refusals) {
      const result = await runCommand('transfer:users:update', [...argv])
      assert.equal(result.exitCode, exitCode, argv.join(' '))
      assert.include(result.output, message)
    }
    assert.equal(await roleOf('sam@example.com'), 'staff')
  })
})
