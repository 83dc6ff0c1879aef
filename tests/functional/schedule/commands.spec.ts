import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import { runCommand } from '#tests/helpers/ace_commands'
import testUtils from '@adonisjs/core/services/test_utils'
import AppUser from '#models/schedule/app_user'
import Crew from '#models/schedule/crew'
import Project from '#models/schedule/project'
import Vendor from '#models/schedule/vendor'
import { ScheduleUsers } from '#services/schedule/people/schedule_users'
import { createCrew, createProject, createVendor } from '#tests/helpers/schedule_records'

async function roleOf(email: string) {
  const user = await new ScheduleUsers().findByEmail(email)
  return user?.role ?? null
}

test.group('schedule user commands', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('schedule:bootstrap-admin lets the first admin in; again for them is fine', async ({
    assert,
  }) => {
    const first = await runCommand('schedule:bootstrap-admin', ['Boss.Person@Example.com'])
    assert.equal(first.exitCode, 0, first.output)
    assert.include(first.output, "boss.person@example.com is schedule's first admin")
    const admin = await AppUser.findByOrFail('email', 'boss.person@example.com')
    assert.containsSubset(admin.serialize(), {
      role: 'admin',
      ssoUserId: 0,
      displayName: 'Boss Person',
      username: 'boss.person@example.com',
    })

    const again = await runCommand('schedule:bootstrap-admin', ['boss.person@example.com'])
    assert.equal(again.exitCode, 0, again.output)
    assert.include(again.output, 'already an admin')
    assert.lengthOf(await AppUser.all(), 1)
  })

  test('schedule:bootstrap-admin refuses once others exist, a staff member, and a bad email', async ({
    assert,
  }) => {
    const invalid = await runCommand('schedule:bootstrap-admin', ['not-an-email'])
    assert.equal(invalid.exitCode, 1)
    assert.lengthOf(await AppUser.all(), 0)

    await new ScheduleUsers().create('crew@example.com', 'staff')
    const other = await runCommand('schedule:bootstrap-admin', ['boss@example.com'])
    assert.equal(other.exitCode, 1)
    assert.include(other.output, 'already has users')
    assert.isNull(await roleOf('boss@example.com'))

    const existing = await runCommand('schedule:bootstrap-admin', ['crew@example.com'])
    assert.equal(existing.exitCode, 1)
    assert.include(existing.output, 'schedule:users:set-role crew@example.com admin')
    assert.equal(await roleOf('crew@example.com'), 'staff')
  })

  test('schedule:users:create adds a person once; a bad role is refused', async ({ assert }) => {
    const created = await runCommand('schedule:users:create', ['Ana@Example.com', '--role=admin'])
    assert.equal(created.exitCode, 0, created.output)
    assert.equal(await roleOf('ana@example.com'), 'admin')

    const again = await runCommand('schedule:users:create', ['ana@example.com'])
    assert.equal(again.exitCode, 0)
    assert.include(again.output, 'already has access (admin)')

    const badRole = await runCommand('schedule:users:create', ['sam@example.com', '--role=owner'])
    assert.equal(badRole.exitCode, 1)
    assert.isNull(await roleOf('sam@example.com'))
  })

  test('schedule:users:list shows every person with their role', async ({ assert }) => {
    const empty = await runCommand('schedule:users:list', [])
    assert.equal(empty.exitCode, 0)
    assert.include(empty.output, 'No users yet')

    await new ScheduleUsers().create('ana.lead@example.com', 'admin')
    await new ScheduleUsers().create('sam@example.com', 'staff')
    const listed = await runCommand('schedule:users:list', [])
    assert.equal(listed.exitCode, 0, listed.output)
    assert.match(listed.output, /ana\.lead@example\.com.*Ana Lead.*admin/)
    assert.match(listed.output, /sam@example\.com.*Sam.*staff/)
    assert.include(listed.output, '2 user(s)')
  })

  test('schedule:users:set-role changes a role; the last admin stays admin', async ({ assert }) => {
    await new ScheduleUsers().create('ana@example.com', 'admin')
    await new ScheduleUsers().create('sam@example.com', 'staff')

    const promoted = await runCommand('schedule:users:set-role', ['SAM@example.com', 'admin'])
    assert.equal(promoted.exitCode, 0, promoted.output)
    assert.equal(await roleOf('sam@example.com'), 'admin')

    const demoted = await runCommand('schedule:users:set-role', ['ana@example.com', 'staff'])
    assert.equal(demoted.exitCode, 0, demoted.output)
    assert.equal(await roleOf('ana@example.com'), 'staff')

    const last = await runCommand('schedule:users:set-role', ['sam@example.com', 'staff'])
    assert.equal(last.exitCode, 1)
    assert.include(last.output, 'at least one admin')
    assert.equal(await roleOf('sam@example.com'), 'admin')

    const badRole = await runCommand('schedule:users:set-role', ['sam@example.com', 'owner'])
    assert.equal(badRole.exitCode, 1)
    const nobody = await runCommand('schedule:users:set-role', ['nobody@example.com', 'admin'])
    assert.equal(nobody.exitCode, 1)
    assert.include(nobody.output, 'No schedule user with the email nobody@example.com')
  })

  test('schedule:users:delete removes a person; the last admin stays', async ({ assert }) => {
    await new ScheduleUsers().create('ana@example.com', 'admin')
    await new ScheduleUsers().create('sam@example.com', 'staff')

    const removed = await runCommand('schedule:users:delete', ['sam@example.com', '--force'])
    assert.equal(removed.exitCode, 0, removed.output)
    assert.isNull(await roleOf('sam@example.com'))

    const last = await runCommand('schedule:users:delete', ['ana@example.com', '--force'])
    assert.equal(last.exitCode, 1)
    assert.include(last.output, 'at least one admin')
    assert.equal(await roleOf('ana@example.com'), 'admin')
  })

  test('schedule:users:delete asks first and removes nobody on no', async ({ assert }) => {
    await new ScheduleUsers().create('ana@example.com', 'admin')
    await new ScheduleUsers().create('sam@example.com', 'staff')
    const Delete = await ace.find('schedule:users:delete')
    const command = await ace.create(Delete, ['sam@example.com'])
    command.prompt
      .trap('Remove sam@example.com? They lose access at their next request; what they wrote stays')
      .reject()
    await command.exec()
    assert.equal(command.exitCode, 1)
    assert.equal(await roleOf('sam@example.com'), 'staff')
  })
})

test.group('schedule:trash:cleanup', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('removes what has been in the trash more than 30 days and prints the counts', async ({
    assert,
  }) => {
    const longAgo = DateTime.now().minus({ days: 31 })
    const oldProject = await createProject('2030-01-01', '2030-01-02', { deletedAt: longAgo })
    const oldCrew = await createCrew({ deletedAt: longAgo })
    const recentVendor = await createVendor({ deletedAt: DateTime.now().minus({ days: 29 }) })

    const result = await runCommand('schedule:trash:cleanup', ['--force'])
    assert.equal(result.exitCode, 0, result.output)
    assert.include(
      result.output,
      'Removed 1 project(s), 1 crew member(s), 0 vendor(s) and 0 location(s) from the trash'
    )
    assert.isNull(await Project.find(oldProject.id))
    assert.isNull(await Crew.find(oldCrew.id))
    assert.isNotNull(await Vendor.find(recentVendor.id))
  })
})
