import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import { runCommand } from '#tests/helpers/ace_commands'
import application from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import { configProvider } from '@adonisjs/core'
import testUtils from '@adonisjs/core/services/test_utils'
import { SessionCollection } from '@adonisjs/session'
import { SessionClient } from '@adonisjs/session/client'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
import { DateTime } from 'luxon'
import User from '#models/sso/user'
import ConnectedApp from '#models/sso/connected_app'
import AuditEvent from '#models/sso/audit_event'
import { UserAccounts } from '#services/sso/user_accounts'
import { ConnectedAppRegistry } from '#services/sso/connected_app_registry'
import { TotpService } from '#services/sso/totp_service'

const PASSWORD = 'a long enough password'
const CALLBACK = 'https://transfer.example.com/auth/callback'

function person(email: string, extra: { isAdmin?: boolean } = {}) {
  return new UserAccounts().create({ email, password: PASSWORD, emailVerified: true, ...extra })
}

/** The newest audit event of that name. */
function lastEvent(event: string) {
  return AuditEvent.query().where('event', event).orderBy('id', 'desc').firstOrFail()
}

async function lastEventApiKey(event: string) {
  const entry = await lastEvent(event)
  return entry.details.apiKey
}

async function exitCodeOf(commandName: string, argv: string[]) {
  const { exitCode } = await runCommand(commandName, argv)
  return exitCode
}

async function userField<Field extends 'isAdmin' | 'isDisabled'>(id: number, field: Field) {
  const user = await User.findOrFail(id)
  return user[field]
}

async function appEnabled(id: number) {
  const connectedApp = await ConnectedApp.findOrFail(id)
  return connectedApp.enabled
}

/** A signed-in session of `user` in the session store, tagged with them as sign-in does. */
async function signedInSession(user: User) {
  const config = await configProvider.resolve<ResolvedSessionConfig>(
    application,
    application.config.get('session')
  )
  // The memory store needs no request.
  const session = new SessionClient(config!.stores.memory({} as HttpContext, config!))
  session.merge({ auth_web: user.id })
  await session.commit()
  const sessions = await application.container.make(SessionCollection)
  await sessions.tag(session.sessionId, String(user.id))
  return session.sessionId
}

test.group('sso commands', (group) => {
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('sso:bootstrap-admin creates the first admin, then refuses', async ({ assert }) => {
    const first = await runCommand('sso:bootstrap-admin', [
      'Admin@Example.com',
      '--name=Ada Admin',
      `--password=${PASSWORD}`,
    ])
    assert.equal(first.exitCode, 0, first.output)
    const admin = await User.verifyCredentials('admin@example.com', PASSWORD)
    assert.isTrue(admin.isAdmin)
    assert.isTrue(admin.isEmailVerified)
    assert.equal(admin.name, 'Ada Admin')
    const event = await lastEvent('user_created')
    assert.equal(event.userId, admin.id)
    assert.equal(event.userAgent, 'ace (terminal)')
    assert.isNull(event.ip)

    const second = await runCommand('sso:bootstrap-admin', [
      'other@example.com',
      `--password=${PASSWORD}`,
    ])
    assert.equal(second.exitCode, 1)
    assert.include(second.output, 'An admin already exists')
    assert.isNull(await User.findBy('email', 'other@example.com'))
  })

  test('sso:bootstrap-admin asks for the password twice, hidden', async ({ assert }) => {
    ace.prompt.trap('Password (leave empty to generate one)').replyWith(PASSWORD)
    ace.prompt.trap('Repeat the password').replyWith(PASSWORD)
    const result = await runCommand('sso:bootstrap-admin', ['admin@example.com'])
    assert.equal(result.exitCode, 0, result.output)
    assert.notInclude(result.output, PASSWORD)
    await User.verifyCredentials('admin@example.com', PASSWORD)
  })

  test('sso:bootstrap-admin refuses differing passwords', async ({ assert }) => {
    ace.prompt.trap('Password (leave empty to generate one)').replyWith(PASSWORD)
    ace.prompt.trap('Repeat the password').replyWith(`${PASSWORD}!`)
    const result = await runCommand('sso:bootstrap-admin', ['admin@example.com'])
    assert.equal(result.exitCode, 1)
    assert.include(result.output, 'The two passwords differ')
    assert.isNull(await User.query().first())
  })

  test('sso:bootstrap-admin can generate a password and prints it once', async ({ assert }) => {
    const result = await runCommand('sso:bootstrap-admin', [
      'admin@example.com',
      '--generate-password',
    ])
    assert.equal(result.exitCode, 0, result.output)
    const password = /Password: (\S+)/.exec(result.output)![1]
    assert.isAtLeast(password.length, 20)
    await User.verifyCredentials('admin@example.com', password)
    assert.include(result.output, 'shown only this once')
  })

  test('sso:bootstrap-admin refuses a bad email or a weak password', async ({ assert }) => {
    const badEmail = await runCommand('sso:bootstrap-admin', [
      'not-an-email',
      `--password=${PASSWORD}`,
    ])
    assert.equal(badEmail.exitCode, 1)
    assert.include(badEmail.output, 'email')
    const weak = await runCommand('sso:bootstrap-admin', ['admin@example.com', '--password=short'])
    assert.equal(weak.exitCode, 1)
    assert.include(weak.output, 'Password refused')
    assert.isNull(await User.query().first())
  })

  test('sso:apps:create prints the apiKey and the secretKey once; only a hash is kept', async ({
    assert,
  }) => {
    const result = await runCommand('sso:apps:create', [
      'transfer',
      `--redirect-uri=${CALLBACK}`,
      '--redirect-uri=http://localhost:5000/auth/callback',
    ])
    assert.equal(result.exitCode, 0, result.output)
    const stored = await ConnectedApp.findByOrFail('name', 'transfer')
    assert.deepEqual(stored.redirectUris, [CALLBACK, 'http://localhost:5000/auth/callback'])
    assert.include(result.output, `apiKey:    ${stored.apiKey}`)
    const secretKey = /secretKey: (sk_\S+)/.exec(result.output)![1]
    assert.isTrue(new ConnectedAppRegistry().secretMatches(stored, secretKey))
    assert.notEqual(stored.secretKeyHash, secretKey)
    const event = await lastEvent('app_created')
    assert.equal(event.userAgent, 'ace (terminal)')
    assert.isNull(event.actorId)
    assert.equal(event.details.apiKey, stored.apiKey)
  })

  test('sso:apps:create refuses invalid or missing redirect URIs', async ({ assert }) => {
    for (const argv of [
      ['bad', '--redirect-uri=/auth/callback'],
      ['bad', `--redirect-uri=${CALLBACK}#top`],
      ['bad', '--redirect-uri=https://pat:pw@transfer.example.com/cb'],
      ['bad', '--redirect-uri=ftp://transfer.example.com/cb'],
      ['bad', '--redirect-uri=http://transfer.example.com/cb'],
    ]) {
      const result = await runCommand('sso:apps:create', argv)
      assert.equal(result.exitCode, 1, argv.join(' '))
      assert.match(result.output, /redirect[ -]?uri/i)
    }
    // Two bad URIs: both problems, on one line.
    const twice = await runCommand('sso:apps:create', [
      'bad',
      '--redirect-uri=/a',
      '--redirect-uri=ftp://b.example.com/cb',
    ])
    assert.equal(twice.exitCode, 1)
    assert.notInclude(twice.output, '\n')
    assert.lengthOf(twice.output.match(/must be an absolute URL/g)!, 2)
    // No --redirect-uri at all: the command line itself is wrong.
    const none = await runCommand('sso:apps:create', ['bad'])
    assert.equal(none.exitCode, 2)
    assert.include(none.output, 'Give at least one --redirect-uri')
    assert.isNull(await ConnectedApp.query().first())
  })

  test('sso:apps:list shows every app with its apiKey, status and redirect URIs', async ({
    assert,
  }) => {
    const registry = new ConnectedAppRegistry()
    const { app: transfer } = await registry.create('transfer', [CALLBACK])
    const { app: schedule } = await registry.create('schedule', ['https://schedule.example.com/cb'])
    schedule.enabled = false
    await schedule.save()
    const result = await runCommand('sso:apps:list', [])
    assert.equal(result.exitCode, 0)
    for (const text of [transfer.apiKey, schedule.apiKey, CALLBACK, 'disabled', 'enabled']) {
      assert.include(result.output, text)
    }
    assert.notInclude(result.output, 'sk_')
  })

  test('sso:apps:list --json prints what GET /api/admin/apps answers', async ({
    assert,
    client,
  }) => {
    const admin = await person('admin@example.com', { isAdmin: true })
    await new ConnectedAppRegistry().create('transfer', [CALLBACK])
    const result = await runCommand('sso:apps:list', ['--json'])
    assert.equal(result.exitCode, 0)
    const api = await client.get('/api/admin/apps').loginAs(admin)
    assert.deepEqual(JSON.parse(result.output), api.body())
    assert.notInclude(result.output, 'sk_')
  })

  test('sso:apps:rotate-secret: the old secret stops working, the new one works', async ({
    assert,
  }) => {
    const registry = new ConnectedAppRegistry()
    const { app: connectedApp, secretKey: old } = await registry.create('transfer', [CALLBACK])
    // The old secret stops working at once: asked first, and refused without an answer.
    const question =
      'Rotate the secretKey of "transfer"? The current one stops working at once, until the app is given the new one'
    ace.prompt.trap(question).reject()
    const kept = await runCommand('sso:apps:rotate-secret', [connectedApp.apiKey])
    assert.equal(kept.exitCode, 1)
    const unattended = await runCommand('sso:apps:rotate-secret', [connectedApp.apiKey])
    assert.equal(unattended.exitCode, 1)
    assert.include(unattended.output, 'run it again with --force')
    assert.isTrue(registry.secretMatches(await ConnectedApp.findOrFail(connectedApp.id), old))

    ace.prompt.trap(question).accept()
    const result = await runCommand('sso:apps:rotate-secret', [connectedApp.apiKey])
    assert.equal(result.exitCode, 0, result.output)
    const fresh = /secretKey: (sk_\S+)/.exec(result.output)![1]
    const stored = await ConnectedApp.findOrFail(connectedApp.id)
    assert.isFalse(registry.secretMatches(stored, old))
    assert.isTrue(registry.secretMatches(stored, fresh))
    assert.equal(await lastEventApiKey('app_secret_rotated'), connectedApp.apiKey)
    const forced = await runCommand('sso:apps:rotate-secret', [connectedApp.apiKey, '--force'])
    assert.equal(forced.exitCode, 0, forced.output)

    const unknown = await runCommand('sso:apps:rotate-secret', ['ak_unknown', '--force'])
    assert.equal(unknown.exitCode, 1)
    assert.include(unknown.output, 'No connected app with the apiKey ak_unknown')
  })

  test('sso:apps:disable and sso:apps:enable', async ({ assert }) => {
    const { app: connectedApp } = await new ConnectedAppRegistry().create('transfer', [CALLBACK])
    assert.equal(await exitCodeOf('sso:apps:disable', [connectedApp.apiKey]), 0)
    assert.isFalse(await appEnabled(connectedApp.id))
    assert.equal(await lastEventApiKey('app_disabled'), connectedApp.apiKey)
    assert.equal(await exitCodeOf('sso:apps:enable', [connectedApp.apiKey]), 0)
    assert.isTrue(await appEnabled(connectedApp.id))
    assert.equal(await lastEventApiKey('app_enabled'), connectedApp.apiKey)
    assert.equal(await exitCodeOf('sso:apps:disable', ['ak_unknown']), 1)
  })

  test('sso:apps:update and sso:apps:delete', async ({ assert }) => {
    const { app: connectedApp } = await new ConnectedAppRegistry().create('transfer', [CALLBACK])
    const next = 'https://files.example.com/auth/callback'
    const updated = await runCommand('sso:apps:update', [
      connectedApp.apiKey,
      '--name=files',
      `--redirect-uri=${next}`,
    ])
    assert.equal(updated.exitCode, 0, updated.output)
    const stored = await ConnectedApp.findOrFail(connectedApp.id)
    assert.equal(stored.name, 'files')
    assert.deepEqual(stored.redirectUris, [next])

    const refused = await runCommand('sso:apps:update', [
      connectedApp.apiKey,
      '--redirect-uri=/relative',
    ])
    assert.equal(refused.exitCode, 1)
    const nothing = await runCommand('sso:apps:update', [connectedApp.apiKey])
    assert.equal(nothing.exitCode, 2)

    ace.prompt
      .trap(
        'Delete "files"? Its people can no longer sign in through it, and this cannot be undone'
      )
      .reject()
    const kept = await runCommand('sso:apps:delete', [connectedApp.apiKey])
    assert.equal(kept.exitCode, 1)
    assert.isNotNull(await ConnectedApp.find(connectedApp.id))

    const deleted = await runCommand('sso:apps:delete', [connectedApp.apiKey, '--force'])
    assert.equal(deleted.exitCode, 0)
    assert.isNull(await ConnectedApp.find(connectedApp.id))
    assert.equal(await lastEventApiKey('app_deleted'), connectedApp.apiKey)
  })

  test('sso:people:create makes a verified person, optionally an admin', async ({ assert }) => {
    const result = await runCommand('sso:people:create', [
      'Crew@Example.com',
      '--name=Casey Crew',
      '--admin',
      `--password=${PASSWORD}`,
    ])
    assert.equal(result.exitCode, 0, result.output)
    const crew = await User.verifyCredentials('crew@example.com', PASSWORD)
    assert.isTrue(crew.isAdmin)
    assert.isTrue(crew.isEmailVerified)
    assert.equal(crew.name, 'Casey Crew')
    const event = await lastEvent('user_created')
    assert.equal(event.userId, crew.id)
    assert.isTrue(event.details.admin)

    const both = await runCommand('sso:people:create', [
      'member@example.com',
      `--password=${PASSWORD}`,
      '--generate-password',
    ])
    assert.equal(both.exitCode, 2)
    assert.include(both.output, 'Use either --password or --generate-password, not both')

    const plain = await runCommand('sso:people:create', [
      'member@example.com',
      '--generate-password',
    ])
    assert.equal(plain.exitCode, 0, plain.output)
    const member = await User.findByOrFail('email', 'member@example.com')
    assert.isFalse(member.isAdmin)

    const duplicate = await runCommand('sso:people:create', [
      'crew@example.com',
      `--password=${PASSWORD}`,
    ])
    assert.equal(duplicate.exitCode, 1)
    assert.include(duplicate.output, 'already exists')
  })

  test('sso:people:disable disables the person and ends their sessions', async ({ assert }) => {
    const pat = await person('pat@example.com')
    const sessionId = await signedInSession(pat)
    const sessions = await application.container.make(SessionCollection)

    const result = await runCommand('sso:people:disable', ['PAT@example.com'])
    assert.equal(result.exitCode, 0, result.output)
    assert.include(result.output, 'ended 1 session')
    assert.isTrue(await userField(pat.id, 'isDisabled'))
    assert.isNull(await sessions.get(sessionId))
    const event = await lastEvent('user_disabled')
    assert.equal(event.userId, pat.id)
    assert.equal(event.userAgent, 'ace (terminal)')

    assert.equal(await exitCodeOf('sso:people:enable', ['pat@example.com']), 0)
    assert.isFalse(await userField(pat.id, 'isDisabled'))

    const unknown = await runCommand('sso:people:disable', ['nobody@example.com'])
    assert.equal(unknown.exitCode, 1)
    assert.include(unknown.output, 'No person with the email nobody@example.com')
  })

  test('sso:people:reset-totp turns two-factor sign-in off', async ({ assert }) => {
    const pat = await person('pat@example.com')
    const totp = new TotpService()
    await totp.beginEnrolment(pat)
    pat.totpEnabledAt = DateTime.now()
    await pat.save()

    const unattended = await runCommand('sso:people:reset-totp', ['pat@example.com'])
    assert.equal(unattended.exitCode, 1)
    assert.include(unattended.output, 'run it again with --force')
    const untouched = await User.findOrFail(pat.id)
    assert.isNotNull(untouched.totpEnabledAt)

    const result = await runCommand('sso:people:reset-totp', ['pat@example.com', '--force'])
    assert.equal(result.exitCode, 0, result.output)
    const stored = await User.findOrFail(pat.id)
    assert.isNull(stored.totpEnabledAt)
    assert.isNull(stored.totpSecret)
    const event = await lastEvent('totp_reset')
    assert.equal(event.userId, pat.id)
    assert.equal(await exitCodeOf('sso:people:reset-totp', ['nobody@example.com', '--force']), 1)
    ace.prompt
      .trap(
        'Reset two-factor sign-in of pat@example.com? Their authenticator and recovery codes stop working for good'
      )
      .accept()
    assert.equal(await exitCodeOf('sso:people:reset-totp', ['pat@example.com']), 0)
  })

  test('sso:people:grant-admin, revoke-admin, end-sessions and list', async ({ assert }) => {
    const pat = await person('pat@example.com')
    assert.equal(await exitCodeOf('sso:people:grant-admin', ['pat@example.com']), 0)
    assert.isTrue(await userField(pat.id, 'isAdmin'))
    assert.equal(await exitCodeOf('sso:people:revoke-admin', ['pat@example.com']), 0)
    assert.isFalse(await userField(pat.id, 'isAdmin'))
    const ended = await runCommand('sso:people:end-sessions', ['pat@example.com'])
    assert.equal(ended.exitCode, 0)
    assert.include(ended.output, 'Ended 0 session(s)')
    const events = await AuditEvent.query().where('user_id', pat.id).orderBy('id')
    assert.deepEqual(
      events.map((event) => event.event),
      ['admin_granted', 'admin_revoked', 'session_ended']
    )

    const listed = await runCommand('sso:people:list', ['pat'])
    assert.equal(listed.exitCode, 0)
    assert.include(listed.output, 'pat@example.com')
    assert.include(listed.output, '1 people')
  })

  test("sso:people:list pages with the API's validator, and --json prints its answer", async ({
    assert,
    client,
  }) => {
    const admin = await person('admin@example.com', { isAdmin: true })
    for (const name of ['ann', 'bob', 'cat']) {
      await person(`${name}@example.com`)
    }
    const json = await runCommand('sso:people:list', [
      'example',
      '--per-page=2',
      '--page=2',
      '--json',
    ])
    assert.equal(json.exitCode, 0, json.output)
    const api = await client
      .get('/api/admin/people')
      .qs({ q: 'example', perPage: 2, page: 2 })
      .loginAs(admin)
    assert.deepEqual(JSON.parse(json.output), api.body())
    assert.deepEqual(api.body().meta, { total: 4, page: 2, perPage: 2, lastPage: 2 })

    const table = await runCommand('sso:people:list', ['--per-page=2', '--page=2'])
    assert.include(table.output, 'bob@example.com')
    assert.include(table.output, 'Page 2 of 2 (4 people)')

    const refused = await runCommand('sso:people:list', ['--per-page=500'])
    assert.equal(refused.exitCode, 1)
    assert.equal(refused.output, '[ red(error) ] The perPage field must not be greater than 100')
  })
})
