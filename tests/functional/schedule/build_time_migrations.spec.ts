import { randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import pg from 'pg'
import { recreateDatabase, withDatabase } from '#services/shared/embedded_database'
import { migrateScheduleAtBuild } from '#services/schedule/build_time_migrations'

/** Drops a scratch database (its own connection is gone by then). */
async function dropDatabase(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`)
  } finally {
    await client.end()
  }
}

test.group('build-time migrations (DATABASE_PUBLIC_URL)', () => {
  test('without DATABASE_PUBLIC_URL the build migrates nothing', async ({ assert }) => {
    const lines: string[] = []
    const result = await migrateScheduleAtBuild({
      root: app.makePath(),
      env: { PATH: process.env.PATH },
      log: (line) => lines.push(line),
    })
    assert.equal(result, 'not configured')
    assert.deepEqual(lines, [])
  })

  test("with it, schedule's tables exist in that database afterwards", async ({ assert }) => {
    const server = process.env.TEST_DATABASE_SERVER_URL!
    const name = `public_${randomBytes(4).toString('hex')}`
    await recreateDatabase(server, name)
    const url = withDatabase(server, name)
    try {
      const lines: string[] = []
      // A build environment holds neither schedule's session secret nor its apiKey.
      const { SESSION_SECRET, SSO_API_KEY, DATABASE_URL, ...buildEnv } = process.env
      const result = await migrateScheduleAtBuild({
        root: app.makePath(),
        env: { ...buildEnv, APP_ID: 'sso', DATABASE_PUBLIC_URL: url },
        log: (line) => lines.push(line),
      })
      assert.equal(result, 'migrated', lines.join('\n'))

      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const tables = await client.query(
          "select table_name from information_schema.tables where table_schema = 'public'"
        )
        assert.includeMembers(
          tables.rows.map((row) => row.table_name),
          ['projects', 'crews', 'project_crew', 'app_users', 'session', 'pending_auth_codes']
        )
        const applied = await client.query('select name from adonis_schema')
        const folders = await Promise.all(
          ['shared', 'relying_party', 'schedule'].map((folder) =>
            readdir(app.makePath('database/migrations', folder))
          )
        )
        const files = folders.flat()
        assert.lengthOf(applied.rows, files.length)
      } finally {
        await client.end()
      }
    } finally {
      await dropDatabase(server, name)
    }
  }).timeout(60_000)

  test('a database it cannot reach fails the build, saying so', async ({ assert }) => {
    await assert.rejects(
      () =>
        migrateScheduleAtBuild({
          root: app.makePath(),
          env: { ...process.env, DATABASE_PUBLIC_URL: 'postgres://u:p@127.0.0.1:1/nothing' },
        }),
      /build-time migrations \(DATABASE_PUBLIC_URL\) failed/
    )
  }).timeout(60_000)
})
