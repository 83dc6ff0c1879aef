import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { parse } from 'csv-parse/sync'
import { runCommand } from '#tests/helpers/ace_commands'
import { UserAccounts } from '#services/sso/user_accounts'
import { AuditLog, TERMINAL_ORIGIN } from '#services/sso/audit_log'
import AuditEvent from '#models/sso/audit_event'

/*
 * sso:audit:list against the real database: the admin page's filters through
 * the API's validator, its JSON answer, and the CSV export.
 */
const PASSWORD = 'a long enough password'
const origin = { ip: '198.51.100.1', userAgent: 'test' }

async function people() {
  const accounts = new UserAccounts()
  const admin = await accounts.create({
    email: 'admin@example.com',
    password: PASSWORD,
    isAdmin: true,
  })
  const pat = await accounts.create({ email: 'pat@example.com', password: PASSWORD })
  const sam = await accounts.create({ email: 'sam@example.com', password: PASSWORD })
  return { admin, pat, sam }
}

/** Records `event` for `userId` as having happened at `at` (an ISO instant). */
async function recordAt(at: string, event: 'sign_in' | 'sign_in_failed', userId: number) {
  await new AuditLog().record(event, { origin, userId, details: { at } })
  await AuditEvent.query().whereRaw(`details->>'at' = ?`, [at]).update({ created_at: at })
}

function csvRows(text: string) {
  return parse(text, { columns: true }) as Record<string, string>[]
}

test.group('sso:audit:list', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists the log newest first, filtered by person and event, page by page', async ({
    assert,
  }) => {
    const { pat, sam } = await people()
    const log = new AuditLog()
    for (let i = 0; i < 3; i++) {
      await log.record('sign_in', { origin, userId: pat.id })
      await log.record('sign_in', { origin, userId: sam.id })
    }
    await log.record('user_disabled', { origin: TERMINAL_ORIGIN, userId: pat.id })

    const all = await runCommand('sso:audit:list', ['--tz=UTC'])
    assert.equal(all.exitCode, 0, all.output)
    assert.include(all.output, 'Time (UTC)')
    assert.include(all.output, 'Page 1 of 1 (7 entries)')
    const lines = all.output.split('\n')
    const disabled = lines.findIndex((line) => line.includes('user_disabled'))
    assert.isAbove(disabled, -1)
    assert.include(lines[disabled], 'terminal')
    assert.isBelow(
      disabled,
      lines.findIndex((line) => line.includes('sign_in')),
      'newest first'
    )

    const patSignIns = await runCommand('sso:audit:list', [
      '--person=PAT@',
      '--event=sign_in',
      '--per-page=2',
      '--page=2',
    ])
    assert.equal(patSignIns.exitCode, 0, patSignIns.output)
    assert.include(patSignIns.output, 'Page 2 of 2 (3 entries)')
    assert.notInclude(patSignIns.output, 'sam@example.com')
    assert.notInclude(patSignIns.output, 'user_disabled')

    const beyond = await runCommand('sso:audit:list', ['--event=user_enabled'])
    assert.equal(beyond.exitCode, 0)
    assert.include(beyond.output, 'No audit entries match')
  })

  test('--json prints what GET /api/admin/audit answers for the same filters', async ({
    assert,
    client,
  }) => {
    const { admin, pat, sam } = await people()
    for (const at of ['2030-11-01T12:00:00Z', '2030-11-02T12:00:00Z', '2030-11-03T07:00:00Z']) {
      await recordAt(at, 'sign_in', pat.id)
    }
    await recordAt('2030-11-02T13:00:00Z', 'sign_in', sam.id)
    const query = { person: 'pat', from: '2030-11-02', to: '2030-11-02', tz: 'Pacific/Honolulu' }
    const json = await runCommand('sso:audit:list', [
      ...Object.entries(query).map(([name, value]) => `--${name}=${value}`),
      '--per-page=1',
      '--json',
    ])
    assert.equal(json.exitCode, 0, json.output)
    const api = await client
      .get('/api/admin/audit')
      .qs({ ...query, perPage: 1 })
      .loginAs(admin)
    api.assertStatus(200)
    assert.deepEqual(JSON.parse(json.output), api.body())
    assert.deepEqual(api.body().meta, { total: 2, page: 1, perPage: 1, lastPage: 2 })
  })

  test("reads --from and --to as whole days in --tz, or in this machine's zone", async ({
    assert,
  }) => {
    const { pat } = await people()
    // In Honolulu (UTC-10) the last instant is still 2 Nov.
    for (const at of ['2030-11-01T12:00:00Z', '2030-11-02T12:00:00Z', '2030-11-03T07:00:00Z']) {
      await recordAt(at, 'sign_in', pat.id)
    }
    const day = ['--from=2030-11-02', '--to=2030-11-02']
    const utc = await runCommand('sso:audit:list', [...day, '--tz=UTC', '--json'])
    assert.deepEqual(
      JSON.parse(utc.output).data.map((entry: { details: { at: string } }) => entry.details.at),
      ['2030-11-02T12:00:00Z']
    )
    const honolulu = await runCommand('sso:audit:list', [...day, '--tz=Pacific/Honolulu'])
    assert.include(honolulu.output, 'Time (Pacific/Honolulu)')
    assert.include(honolulu.output, '2030-11-02 21:00:00', 'the times shown are in the zone too')
    assert.include(honolulu.output, '2030-11-02 02:00:00')
    assert.include(honolulu.output, '(2 entries)')

    const local = await runCommand('sso:audit:list', day)
    assert.include(local.output, `Time (${Intl.DateTimeFormat().resolvedOptions().timeZone})`)
  })

  test('refuses bad filters with the validator’s message, an unknown person, and mixed outputs', async ({
    assert,
  }) => {
    await people()
    const cases: [string[], string][] = [
      [['--from=2030-02-30'], 'The from field must be a datetime value'],
      [['--to=yesterday'], 'The to field format is invalid'],
      [['--tz=Mars/Olympus'], 'The tz field must be a time zone'],
      [['--event=nonsense'], 'The selected event is invalid'],
      [['--person=nobody@'], 'No person or email in the audit log matches "nobody@"'],
    ]
    for (const [argv, message] of cases) {
      const refused = await runCommand('sso:audit:list', argv)
      assert.equal(refused.exitCode, 1, argv.join(' '))
      assert.equal(refused.output, `[ red(error) ] ${message}`, 'one line')
    }
    const both = await runCommand('sso:audit:list', ['--json', '--csv'])
    assert.equal(both.exitCode, 2)
    const paged = await runCommand('sso:audit:list', ['--csv', '--page=2'])
    assert.equal(paged.exitCode, 2)
    assert.include(paged.output, 'leave out --page')
  })

  test('exports every matching entry as CSV, spreadsheet-safe, with progress', async ({
    assert,
  }) => {
    const { admin, pat } = await people()
    // Over two reading batches of 500.
    await db.rawQuery(
      `insert into audit_events (event, user_id, actor_id, ip, user_agent, details, created_at)
       select 'sign_in', ?, ?, '198.51.100.1', 'bulk', '{}', now() - make_interval(secs => n)
         from generate_series(1, 1200) as n`,
      [pat.id, pat.id]
    )
    const log = new AuditLog()
    await log.record('app_created', {
      origin: { ip: '203.0.113.9', userAgent: 'Agent, "quoted"\nsecond line' },
      userId: null,
      actorId: admin.id,
      details: { name: 'Acme, "Big" Co' },
    })
    await log.record('sign_in_failed', { origin, email: '=HYPERLINK("https://evil.example")' })
    const folder = await mkdtemp(join(tmpdir(), 'sso-audit-'))
    try {
      const file = join(folder, 'audit.csv')
      const result = await runCommand('sso:audit:list', [`--out=${file}`, '--tz=UTC'])
      assert.equal(result.exitCode, 0, result.output)
      assert.include(result.output, 'Exporting the audit log: 1202 entries of 1202 entries (100%)')
      assert.include(result.output, `Wrote 1202 entries to ${file}`)

      const text = await readFile(file, 'utf8')
      assert.isTrue(
        text.startsWith(
          'ID,Time (UTC),Event,Person,Email given,Done by,IP address,User agent,Details\n'
        )
      )
      assert.include(text, '"Agent, ""quoted""\nsecond line"', 'RFC 4180 quoting')
      const rows = csvRows(text)
      assert.lengthOf(rows, 1202)
      const failed = rows.find((row) => row.Event === 'sign_in_failed')!
      assert.equal(failed['Email given'], `'=HYPERLINK("https://evil.example")`)
      const created = rows.find((row) => row.Event === 'app_created')!
      assert.equal(created['User agent'], 'Agent, "quoted"\nsecond line')
      assert.equal(created['Done by'], 'admin@example.com')
      assert.deepEqual(JSON.parse(created.Details), { name: 'Acme, "Big" Co' })
      assert.deepEqual(
        rows.slice(0, 3).map((row) => row.Event),
        ['sign_in_failed', 'app_created', 'sign_in'],
        'newest first'
      )

      const unwritable = await runCommand('sso:audit:list', [
        `--out=${join(folder, 'no/such.csv')}`,
      ])
      assert.equal(unwritable.exitCode, 1)
      assert.match(
        unwritable.output,
        /^\[ red\(error\) \] Cannot write .*no\/such\.csv: ENOENT[^\n]*$/
      )
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  test('--csv writes the filtered log to stdout', async ({ assert }) => {
    const { pat, sam } = await people()
    await recordAt('2030-11-02T12:00:00Z', 'sign_in', pat.id)
    await recordAt('2030-11-02T13:00:00Z', 'sign_in', sam.id)
    const result = await runCommand('sso:audit:list', [
      '--csv',
      '--person=pat',
      '--tz=Europe/Paris',
    ])
    assert.equal(result.exitCode, 0, result.output)
    const csv = result.output.slice(result.output.indexOf('ID,'))
    const rows = csvRows(csv)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].Person, 'pat@example.com')
    assert.equal(rows[0]['Time (Europe/Paris)'], '2030-11-02 13:00:00')
  })
})
