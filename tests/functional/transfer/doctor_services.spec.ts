import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import type { DoctorOutcome } from '#services/shared/doctor/doctor_check'
import { freePort } from '#services/shared/local_stack'
import { SsoClient } from '#services/shared/relying_party/sso_client'
import { BackupSettings } from '#services/transfer/backup/backup_settings'
import { transferDoctorChecks } from '#services/transfer/doctor_checks'
import { startDropboxFake, type DropboxFake } from '#tests/fakes/dropbox'
import { allowAt, dropboxProviderFor } from '#tests/helpers/dropbox_backup'
import { SsoFake, TEST_API_KEY } from '#tests/helpers/sso_fake'
import { withEnv } from '#tests/helpers/test_env'

/*
 * transfer's part of `node ace doctor` against the fakes: sso (its
 * stand-in's /authorize), the backup's Dropbox, and ffmpeg/ffprobe.
 */

const sso = new SsoFake()
let dropbox: DropboxFake
let settings: BackupSettings

async function outcomeOf(name: string): Promise<DoctorOutcome> {
  const checks = await transferDoctorChecks()
  const check = checks.find((candidate) => candidate.name === name)
  if (!check) {
    throw new Error(`No doctor check named ${name}`)
  }
  return check.run()
}

/** The backup connected to the fake's account with /Backups chosen, as the admin sets it up. */
async function connectBackup() {
  const redirect = 'http://127.0.0.1:5000/api/cloudsync/callback'
  await settings.saveCredentials(dropbox.appKey, dropbox.appSecret, null)
  const back = await allowAt(
    dropbox,
    await settings.provider.authorizeUrl(await settings.credentials(), redirect, 's')
  )
  const { refreshToken, account } = await settings.provider.connect(
    await settings.credentials(),
    back.searchParams.get('code')!,
    redirect
  )
  await settings.saveConnection(refreshToken, account, null)
  dropbox.addFolder('/Backups')
  await settings.saveFolder('/Backups', null)
}

test.group('transfer doctor: outside services and tools', (group) => {
  group.setup(async () => {
    await sso.start()
    dropbox = await startDropboxFake()
    settings = new BackupSettings(dropboxProviderFor(dropbox))
    app.container.swap(BackupSettings, () => settings)
    return async () => {
      app.container.restore(BackupSettings)
      await dropbox.close()
      await sso.stop()
    }
  })
  group.each.setup(async () => {
    await dropbox.reset()
    return testUtils.db().withGlobalTransaction()
  })

  test('sso: accepted, unreachable, apiKey refused, return address refused', async ({ assert }) => {
    const healthy = await outcomeOf('sso reachable, apiKey accepted')
    assert.equal(healthy.status, 'ok')
    assert.include(healthy.detail, TEST_API_KEY)

    try {
      sso.registerRedirectUris(['https://transfer.example.com/auth/callback'])
      const returnRefused = await outcomeOf('sso reachable, apiKey accepted')
      assert.equal(returnRefused.status, 'failed')
      assert.include(returnRefused.detail, 'return address')
      assert.include(returnRefused.status === 'failed' && returnRefused.fix, 'redirect URIs')
    } finally {
      sso.registerRedirectUris(null)
    }

    app.container.swap(SsoClient, () => new SsoClient(sso.url, 'ak_not_known'))
    const refused = await outcomeOf('sso reachable, apiKey accepted')
    assert.equal(refused.status, 'failed')
    assert.include(refused.detail, 'refused the apiKey ak_not_known')
    assert.include(refused.status === 'failed' && refused.fix, 'SSO_API_KEY')

    // A port nothing listens on.
    const nowhere = `http://127.0.0.1:${await freePort()}`
    app.container.swap(SsoClient, () => new SsoClient(nowhere, TEST_API_KEY))
    const unreachable = await outcomeOf('sso reachable, apiKey accepted')
    assert.equal(unreachable.status, 'failed')
    assert.equal(unreachable.detail, `sso unreachable at ${nowhere} (ECONNREFUSED)`)
    assert.include(unreachable.status === 'failed' && unreachable.fix, 'SSO_BASE_URL')
    app.container.swap(SsoClient, () => new SsoClient(sso.url, TEST_API_KEY))
  })

  test('Dropbox: skipped until connected, then the account and folder; revoked, missing folder', async ({
    assert,
  }) => {
    const name = 'Backup provider (Dropbox)'
    const notConnected = await outcomeOf(name)
    assert.equal(notConnected.status, 'skipped')

    await connectBackup()
    dropbox.received.length = 0
    const healthy = await outcomeOf(name)
    assert.deepEqual(healthy, {
      status: 'ok',
      detail: 'Dropbox account Harbour Lights Backups <backups@example.com>, folder /Backups',
    })
    // The refresh token was traded for an access token, as a backup run does.
    assert.isTrue(dropbox.received.some((request) => request.path === '/oauth2/token'))

    await settings.saveFolder('/Gone', null)
    const missing = await outcomeOf(name)
    assert.equal(missing.status, 'failed')
    assert.include(missing.detail, 'no folder /Gone')

    dropbox.revokeAllTokens()
    const revoked = await outcomeOf(name)
    assert.equal(revoked.status, 'failed')
    assert.include(revoked.status === 'failed' && revoked.fix, 'transfer:backup:setup connect')
    // The doctor looks only: the backup's own status is not marked.
    const configuration = await settings.configuration()
    assert.isNull(configuration.problem)
  })

  test('ffmpeg and ffprobe: their versions, or apt-get install ffmpeg when PATH has neither', async ({
    assert,
  }) => {
    for (const tool of ['ffmpeg', 'ffprobe']) {
      const found = await outcomeOf(tool)
      assert.equal(found.status, 'ok')
      assert.match(found.detail, new RegExp(`^${tool}: ${tool} version \\S+$`))
    }

    const empty = await mkdtemp(join(tmpdir(), 'doctor-no-tools-'))
    try {
      await withEnv({ PATH: empty }, async () => {
        for (const tool of ['ffmpeg', 'ffprobe']) {
          const missing = await outcomeOf(tool)
          assert.equal(missing.status, 'failed')
          assert.include(missing.detail, `${tool} was not found`)
          assert.include(missing.status === 'failed' && missing.fix, 'apt-get install ffmpeg')
        }
      })
    } finally {
      await rm(empty, { recursive: true })
    }
  })
})
