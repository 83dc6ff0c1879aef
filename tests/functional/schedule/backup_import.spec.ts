import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { Secret } from '@adonisjs/core/helpers'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import Crew from '#models/schedule/crew'
import Project from '#models/schedule/project'
import { TABLES_LEFT_OUT } from '#services/schedule/backup/backup_catalog'
import { toVersion1 } from '#services/schedule/backup/backup_format'
import { DatabaseImport } from '#services/schedule/backup/database_import'
import { ScheduleSettings } from '#services/schedule/settings/schedule_settings'
import { setEnvValue } from '#tests/helpers/test_env'
import { createCrew } from '#tests/helpers/schedule_records'
import { schedulePerson } from '#tests/helpers/schedule_people'
import {
  backupNow,
  edited,
  emptyScheduleDatabase,
  fillWithDemo,
  rowsOf,
  withoutTimestamp,
} from '#tests/helpers/schedule_backup'

const SECRET = 'a-backup-secret-of-some-length'

function setBackupSecret(value: string | undefined) {
  setEnvValue('BACKUP_SECRET', value === undefined ? undefined : new Secret(value))
}

/** For `group.each.setup`: BACKUP_SECRET is unset for the test and comes back after it. */
function withoutBackupSecret() {
  const previous = env.get('BACKUP_SECRET')?.release()
  setBackupSecret(undefined)
  return () => setBackupSecret(previous)
}

test.group('schedule GET /api/admin/backup', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // The demo company takes seconds to make, more on a busy machine.
  group.each.timeout(90_000)
  group.each.setup(withoutBackupSecret)

  test('streams the whole database as one document, checksum last, secrets left out', async ({
    client,
    assert,
  }) => {
    await fillWithDemo()
    await new ScheduleSettings().update({
      backup_secret: 'stored-secret-value-1234',
      company_name: 'Northlight',
    })
    // The taskboard webhook's signing secret (encrypted) stays home too; its address travels.
    await db.table('app_settings').multiInsert([
      { key: 'taskboard_webhook_url', value: JSON.stringify('https://cards.example.com/hook') },
      { key: 'taskboard_webhook_secret', value: JSON.stringify('encrypted-signing-secret') },
    ])
    setBackupSecret(SECRET)

    const response = await client.get('/api/admin/backup').qs({ secret: SECRET })
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^application\/json/)
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="schedule-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.json"$/
    )
    const text = response.text()
    assert.match(text, /^\{"formatVersion":2,"appVersion":"[^"]+","createdAt":"[^"]+","counts":\{/)
    assert.match(text, /,"checksum":"[0-9a-f]{64}"\}$/)
    const document = JSON.parse(text)
    assert.deepEqual(Object.keys(document), [
      'formatVersion',
      'appVersion',
      'createdAt',
      'counts',
      'tables',
      'checksum',
    ])

    const names: string[] = document.tables.map((table: { name: string }) => table.name)
    for (const name of [
      'app_users',
      'crews',
      'projects',
      'project_crew',
      'assignment_day_notes',
      'activity_logs',
      'public_share_links',
      'crew_vendor_links',
      'app_settings',
      'conflict_resolutions',
    ]) {
      assert.include(names, name)
    }
    for (const name of Object.keys(TABLES_LEFT_OUT)) {
      assert.notInclude(names, name)
    }
    // Foreign-key order: a table after those it references.
    assert.isBelow(names.indexOf('clients'), names.indexOf('projects'))
    assert.isBelow(names.indexOf('projects'), names.indexOf('project_crew'))
    assert.isBelow(names.indexOf('project_crew'), names.indexOf('assignment_day_notes'))
    assert.isBelow(names.indexOf('app_users'), names.indexOf('activity_logs'))

    for (const table of document.tables) {
      assert.equal(document.counts[table.name], table.rows.length, table.name)
    }
    assert.equal(
      document.counts.projects,
      await Project.query()
        .count('* as total')
        .first()
        .then((row) => Number(row!.$extras.total))
    )
    const settings = rowsOf(document, 'app_settings').map((row) => row.key)
    assert.include(settings, 'company_name')
    assert.notInclude(settings, 'backup_secret')
    assert.notInclude(text, 'stored-secret-value-1234')
    assert.include(settings, 'taskboard_webhook_url')
    assert.notInclude(settings, 'taskboard_webhook_secret')
    assert.notInclude(text, 'encrypted-signing-secret')
  })

  test('wrong or missing secret: 401; none configured anywhere: 403', async ({
    client,
    assert,
  }) => {
    const none = await client.get('/api/admin/backup').qs({ secret: 'anything' })
    none.assertStatus(403)
    assert.match(none.body().message, /BACKUP_SECRET/)

    setBackupSecret(SECRET)
    const missing = await client.get('/api/admin/backup')
    missing.assertStatus(401)
    assert.deepEqual(missing.body(), { message: 'A valid backup secret is required' })
    const wrong = await client.get('/api/admin/backup').qs({ secret: `${SECRET}x` })
    wrong.assertStatus(401)
    assert.deepEqual(wrong.body(), { message: 'A valid backup secret is required' })
  })

  test('falls back to the backup_secret setting when BACKUP_SECRET is not set', async ({
    client,
    assert,
  }) => {
    await new ScheduleSettings().update({ backup_secret: 'stored-secret-value-1234' })
    const bySetting = await client
      .get('/api/admin/backup')
      .qs({ secret: 'stored-secret-value-1234' })
    bySetting.assertStatus(200)
    assert.equal(bySetting.body().formatVersion, 2)

    // BACKUP_SECRET wins over the setting.
    setBackupSecret(SECRET)
    const old = await client.get('/api/admin/backup').qs({ secret: 'stored-secret-value-1234' })
    old.assertStatus(401)
    const byEnv = await client.get('/api/admin/backup').qs({ secret: SECRET })
    byEnv.assertStatus(200)
  })

  test('20 requests per 15 minutes per address, then 429', async ({ client, assert }) => {
    setBackupSecret(SECRET)
    for (let attempt = 0; attempt < 20; attempt++) {
      const guess = await client.get('/api/admin/backup').qs({ secret: `guess-${attempt}` })
      guess.assertStatus(401)
    }
    const limited = await client.get('/api/admin/backup').qs({ secret: SECRET })
    limited.assertStatus(429)
    assert.deepEqual(limited.body(), { message: 'Too many requests, please try again later' })
  })

  test('the admin download needs an admin session, never the secret', async ({
    client,
    assert,
  }) => {
    const signedOut = await client.get('/api/admin/backup/download')
    signedOut.assertStatus(401)
    assert.deepEqual(signedOut.body(), { message: 'Not authenticated' })
    const staff = await schedulePerson('staff')
    const forStaff = await client.get('/api/admin/backup/download').withSession(staff.session)
    forStaff.assertStatus(403)
    assert.deepEqual(forStaff.body(), { message: 'Admin access required' })

    const admin = await schedulePerson('admin')
    const download = await client.get('/api/admin/backup/download').withSession(admin.session)
    download.assertStatus(200)
    assert.match(
      download.header('content-disposition') ?? '',
      /^attachment; filename="schedule-backup-/
    )
    assert.includeDeepMembers(
      rowsOf(download.body(), 'app_users').map((row) => row.email),
      [admin.user.email, staff.user.email]
    )
  })
})

test.group('schedule POST /api/admin/import', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // The demo company takes seconds to make, more on a busy machine.
  group.each.timeout(90_000)

  test('signed out 401, staff 403, before the body is read', async ({ client, assert }) => {
    const { document } = await backupNow()
    const signedOut = await client
      .post('/api/admin/import')
      .json({ data: document, options: { dryRun: true } })
      .withCsrfToken()
    signedOut.assertStatus(401)
    assert.deepEqual(signedOut.body(), { message: 'Not authenticated' })
    const staff = await schedulePerson('staff')
    const forStaff = await importAs(client, staff.session, document, true)
    forStaff.assertStatus(403)
    assert.deepEqual(forStaff.body(), { message: 'Admin access required' })
  })

  test('round trip: demo data, backup, changes, import, and the next backup is the first again', async ({
    client,
    assert,
  }) => {
    const admin = await fillWithDemo()
    const first = await backupNow()

    // Changes of every kind: one added, one updated, one removed.
    await createCrew({ name: 'Added After The Backup' })
    const renamed = await Crew.findOrFail(rowsOf(first.document, 'crews')[0].id)
    renamed.name = 'Renamed After The Backup'
    await renamed.save()
    const removedTask = rowsOf(first.document, 'project_tasks')[0]
    await db
      .from('project_tasks')
      .where('id', removedTask.id as number)
      .delete()

    const dryRun = await importAs(client, admin.session, first.document, true)
    dryRun.assertStatus(200)
    assert.containsSubset(dryRun.body(), {
      dryRun: true,
      applied: false,
      formatVersion: 2,
      upgradedFrom: null,
      problems: [],
    })
    assert.deepEqual(dryRun.body().tables.crews, {
      added: 0,
      updated: 1,
      unchanged: rowsOf(first.document, 'crews').length - 1,
      removed: 1,
    })
    assert.containsSubset(dryRun.body().tables.project_tasks, { added: 1, removed: 0 })
    // The dry run wrote nothing.
    const stillRenamed = await Crew.findOrFail(renamed.id)
    assert.equal(stillRenamed.name, 'Renamed After The Backup')
    assert.isNotNull(await Crew.findBy('name', 'Added After The Backup'))

    const imported = await importAs(client, admin.session, first.document, false)
    imported.assertStatus(200)
    assert.containsSubset(imported.body(), { dryRun: false, applied: true, problems: [] })
    assert.deepEqual(imported.body().tables.crews, dryRun.body().tables.crews)

    const second = await backupNow()
    assert.deepEqual(withoutTimestamp(second.document), withoutTimestamp(first.document))
    assert.isNull(await Crew.findBy('name', 'Added After The Backup'))

    // Ids go on after the restored ones.
    const next = await createCrew({ name: 'After The Import' })
    const highest = Math.max(...rowsOf(first.document, 'crews').map((row) => row.id as number))
    assert.isAbove(next.id, highest)
  })

  test('round trip into an empty database', async ({ assert }) => {
    await fillWithDemo()
    const first = await backupNow()
    await emptyScheduleDatabase()
    const [projects] = await db.from('projects').count('* as total')
    assert.equal(Number(projects.total), 0)

    const summary = await new DatabaseImport().run(first.document, { dryRun: false })
    assert.isTrue(summary.applied)
    assert.equal(summary.totals.removed, 0)
    assert.equal(
      summary.totals.added,
      Object.values(first.document.counts).reduce((a, b) => a + b, 0)
    )

    const second = await backupNow()
    assert.deepEqual(withoutTimestamp(second.document), withoutTimestamp(first.document))
  })

  test('an import keeps the secret settings this instance has', async ({ client, assert }) => {
    const admin = await schedulePerson('admin')
    const { document } = await backupNow()
    await new ScheduleSettings().update({ backup_secret: 'stored-secret-value-1234' })
    const imported = await client
      .post('/api/admin/import')
      .json({ data: document })
      .withSession(admin.session)
      .withCsrfToken()
    imported.assertStatus(200)
    assert.deepEqual(imported.body().tables.app_settings, {
      added: 0,
      updated: 0,
      unchanged: 0,
      removed: 0,
    })
    const stored = await db.from('app_settings').where('key', 'backup_secret').first()
    assert.equal(stored.value, 'stored-secret-value-1234')
  })

  test('an older format version is upgraded, after its own checksum is checked', async ({
    client,
    assert,
  }) => {
    const admin = await fillWithDemo()
    const { document } = await backupNow()
    const older = toVersion1(document)

    const dryRun = await importAs(client, admin.session, older, true)
    dryRun.assertStatus(200)
    assert.containsSubset(dryRun.body(), { formatVersion: 1, upgradedFrom: 1, problems: [] })
    assert.deepEqual(dryRun.body().totals, {
      added: 0,
      updated: 0,
      unchanged: Object.values(document.counts).reduce((a, b) => a + b, 0),
      removed: 0,
    })

    const tampered = structuredClone(older)
    ;(tampered.tables.crews[0] as Record<string, unknown>).name = 'Someone Else'
    const refused = await importAs(client, admin.session, tampered, true)
    refused.assertStatus(422)
    assert.match(refused.body().message, /checksum does not match/)
  })

  test('refused with a clear 422, nothing written: tampered checksum, missing reference, unknown table, newer version', async ({
    client,
    assert,
  }) => {
    const admin = await fillWithDemo()
    const { document } = await backupNow()
    const projectWithClient = rowsOf(document, 'projects').find((row) => row.client_id !== null)!

    const tampered = structuredClone(document)
    rowsOf(tampered, 'crews')[0].name = 'Someone Else'
    const missingClient = edited(document, (copy) => {
      const table = copy.tables.find((entry) => entry.name === 'clients')!
      table.rows = table.rows.filter((row) => row.id !== projectWithClient.client_id)
    })
    const unknownTable = edited(document, (copy) => {
      copy.tables.push({ name: 'spaceships', rows: [{ id: 1 }] })
    })
    const newer = { ...document, formatVersion: 3 }

    const cases = [
      [tampered, /checksum does not match/],
      [
        missingClient,
        /projects \(id \d+, client_id\): Refers to clients \d+, which is not in the backup/,
      ],
      [unknownTable, /spaceships: Unknown table/],
      [newer, /format version 3, newer than this schedule reads \(up to 2\)/],
    ] as const
    for (const [data, message] of cases) {
      for (const dryRun of [true, false]) {
        const response = await importAs(client, admin.session, data, dryRun)
        response.assertStatus(422)
        assert.match(response.body().message, message)
        assert.isFalse(response.body().applied)
        assert.isAbove(response.body().problemCount, 0)
      }
    }
    const missing = await importAs(client, admin.session, missingClient, true)
    assert.deepInclude(missing.body().problems, {
      table: 'projects',
      row: `id ${projectWithClient.id}`,
      column: 'client_id',
      message: `Refers to clients ${projectWithClient.client_id}, which is not in the backup`,
    })

    const after = await backupNow()
    assert.deepEqual(withoutTimestamp(after.document), withoutTimestamp(document))
  })

  test('column types and unknown columns are problems, every one listed', async ({
    client,
    assert,
  }) => {
    const admin = await schedulePerson('admin')
    await createCrew({ name: 'Ana' })
    await createCrew({ name: 'Ben' })
    const { document } = await backupNow()
    const broken = edited(document, (copy) => {
      const [ana, ben] = rowsOf(copy, 'crews')
      ana.starred = 'yes'
      ben.created_at = 'last tuesday'
      ben.shoe_size = 44
    })
    const response = await importAs(client, admin.session, broken, true)
    response.assertStatus(422)
    const problems = response
      .body()
      .problems.map((problem: Record<string, string>) => `${problem.column}: ${problem.message}`)
    assert.includeMembers(problems, [
      'starred: Expected true or false',
      'created_at: Expected a timestamp (ISO 8601)',
      'shoe_size: Unknown column',
      'undefined: Every row of a table must have the same columns',
    ])
  })

  test('an import that fails halfway leaves no trace', async ({ client, assert }) => {
    const admin = await fillWithDemo()
    const before = await backupNow()
    // Valid in every way the import checks, refused by a unique index when it is written.
    const clash = edited(before.document, (copy) => {
      const roles = rowsOf(copy, 'crew_roles')
      roles.push({ ...roles[0], id: 9999, name: String(roles[0].name).toUpperCase() })
    })
    const response = await importAs(client, admin.session, clash, false)
    response.assertStatus(422)
    assert.match(response.body().message, /crew_roles: The database refused the rows/)
    assert.isFalse(response.body().applied)

    const after = await backupNow()
    assert.deepEqual(withoutTimestamp(after.document), withoutTimestamp(before.document))
  })

  test('takes a body over 1 MB; other routes keep their limit', async ({ client, assert }) => {
    const admin = await schedulePerson('admin')
    // Notes as long as the API takes (10,000 characters), on enough crew to pass 1.5 MB.
    await Crew.createMany(
      Array.from({ length: 160 }, (_, index) => ({
        name: `Long Notes ${index}`,
        notes: 'n'.repeat(10_000),
      }))
    )
    const { document, text } = await backupNow()
    assert.isAbove(text.length, 1_500_000)
    const accepted = await importAs(client, admin.session, document, true)
    accepted.assertStatus(200)

    const elsewhere = await client
      .patch('/api/admin/settings')
      .json({ landing_message: 'n'.repeat(1_500_000) })
      .withSession(admin.session)
      .withCsrfToken()
    elsewhere.assertStatus(413)
  })

  test('a body that is not a backup is a 422', async ({ client, assert }) => {
    const admin = await schedulePerson('admin')
    const noData = await client
      .post('/api/admin/import')
      .json({ options: { dryRun: true } })
      .withSession(admin.session)
      .withCsrfToken()
    noData.assertStatus(422)
    const notBackup = await importAs(client, admin.session, { hello: 'world' }, true)
    notBackup.assertStatus(422)
    assert.match(notBackup.body().message, /not a schedule backup/)
  })
})

function importAs(
  client: ApiClient,
  session: Record<string, string | number>,
  data: unknown,
  dryRun: boolean
) {
  return client
    .post('/api/admin/import')
    .json({ data, options: { dryRun } })
    .withSession(session)
    .withCsrfToken()
}
