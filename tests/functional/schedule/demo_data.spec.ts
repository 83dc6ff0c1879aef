import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import testUtils from '@adonisjs/core/services/test_utils'
import { addDays, daysBetween, today } from '#services/schedule/projects/project_days'
import { runCommand } from '#tests/helpers/ace_commands'
import { createProject } from '#tests/helpers/schedule_records'
import { schedulePerson } from '#tests/helpers/schedule_people'

/** Rows of a table, optionally narrowed. */
async function count(
  table: string,
  where: (query: DatabaseQueryBuilderContract) => void = () => {}
) {
  const query = db.from(table)
  where(query)
  const row = await query.count('* as total').first()
  return Number(row.total)
}

/** Active rows (crew, vendors, locations and projects go to a trash). */
function active(table: string) {
  return count(table, (query) => query.whereNull('deleted_at'))
}

test.group('schedule:demo-data', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('fills an empty schedule with a production company around this week', async ({
    client,
    assert,
  }) => {
    const { session } = await schedulePerson('admin', 'owner@example.com')
    const result = await runCommand('schedule:demo-data', [])
    assert.equal(result.exitCode, 0, result.output)
    assert.include(result.output, 'project 25/25')
    assert.include(result.output, 'Northlight Pictures: 25 projects')

    assert.equal(await active('crews'), 40)
    assert.equal(await active('vendors'), 10)
    assert.equal(await count('clients'), 8)
    assert.equal(await active('locations'), 10)
    assert.equal(await active('projects'), 25)
    assert.equal(await count('projects', (query) => query.whereNotNull('deleted_at')), 1)

    const crew = await db.from('crews').select('name')
    const names = crew.map((row) => row.name)
    assert.includeMembers(names, ['Zoë Ångström', 'Łukasz Nowak', 'Nguyễn Văn An'])
    const roles = await db
      .from('crews')
      .join('crew_roles', 'crew_roles.id', 'crews.crew_role_id')
      .where('crews.name', 'Łukasz Nowak')
      .select('crew_roles.name')
      .first()
    assert.equal(roles.name, 'Gaffer')

    // The projects span about three months around today, with every status in use.
    const span = await db
      .from('projects')
      .whereNull('deleted_at')
      .min('start_date as first')
      .max('end_date as last')
      .first()
    assert.isAtLeast(daysBetween(span.first, today()), 28)
    assert.isAtLeast(daysBetween(today(), span.last), 45)
    assert.isAtMost(daysBetween(span.first, span.last), 100)
    const projectStatuses = await db
      .from('projects')
      .join('project_statuses', 'project_statuses.id', 'projects.project_status_id')
      .whereNull('projects.deleted_at')
      .distinct('project_statuses.name')
    assert.sameMembers(
      projectStatuses.map((row) => row.name),
      ['Enquiry', 'Tentative', 'Confirmed', 'Wrapped', 'Cancelled']
    )
    const bookingStatuses = await db
      .from('project_crew')
      .join('statuses', 'statuses.id', 'project_crew.status_id')
      .distinct('statuses.name')
    assert.includeMembers(
      bookingStatuses.map((row) => row.name),
      ['Confirmed', 'Pencilled', 'Asked']
    )
    assert.isAbove(await count('project_crew'), 150)
    assert.isAbove(await count('project_vendor'), 20)
    assert.isAbove(
      await count('assignment_day_notes', (query) => query.where('is_scheduled', false)),
      0
    )
    assert.isAbove(await count('assignment_day_notes', (query) => query.whereNotNull('note')), 0)
    assert.isAbove(await count('project_day_info'), 25)
    assert.isAbove(await count('project_tasks'), 25)
    assert.isAbove(await count('resource_notes'), 0)
    assert.isAbove(await count('public_share_links'), 0)

    // The double bookings show where people look for them: the conflicts page's query.
    const response = await client
      .get(`/api/conflicts-data?from=${today()}&to=${addDays(today(), 90)}&includeResolved=true`)
      .withSession(session)
    response.assertStatus(200)
    const conflicts = response.body().conflicts as {
      resourceName: string
      resolution: unknown
    }[]
    assert.sameMembers(
      conflicts.map(
        (conflict) => `${conflict.resourceName}${conflict.resolution ? ' (resolved)' : ''}`
      ),
      ['Zoë Ångström', 'Roadrunner Unit Vans', 'Nguyễn Văn An (resolved)']
    )
    assert.isAbove(await count('activity_logs', (query) => query.where('actor_name', 'Owner')), 300)
  }).timeout(120_000)

  test('refuses a schedule that has projects unless --force, which adds beside them', async ({
    assert,
  }) => {
    await schedulePerson('admin')
    await createProject('2025-05-01', '2025-05-02', { name: 'Already here' })

    const refused = await runCommand('schedule:demo-data', [])
    assert.equal(refused.exitCode, 1)
    assert.include(refused.output, 'schedule already has 1 project(s)')
    assert.include(refused.output, '--force')
    assert.equal(await count('projects'), 1)
    assert.equal(await count('crews'), 0)

    // The launcher's way: a schedule used before is left alone, and that is no failure.
    const skipped = await runCommand('schedule:demo-data', ['--if-empty', '--json'])
    assert.equal(skipped.exitCode, 0, skipped.output)
    assert.deepEqual(JSON.parse(skipped.output.split('\n').at(-1)!), {
      skipped:
        'schedule already has 1 project(s); the demo company goes into an empty schedule only',
    })
    assert.equal(await count('projects'), 1)

    const forced = await runCommand('schedule:demo-data', ['--force'])
    assert.equal(forced.exitCode, 0, forced.output)
    assert.equal(await active('projects'), 26)
    assert.equal(await active('crews'), 40)
  }).timeout(120_000)

  test('refuses without an admin to log the changes under', async ({ assert }) => {
    await schedulePerson('staff')
    const refused = await runCommand('schedule:demo-data', [])
    assert.equal(refused.exitCode, 1)
    assert.include(refused.output, 'schedule:bootstrap-admin')
    assert.equal(await count('crews'), 0)
  })
})
