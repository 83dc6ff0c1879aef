import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { signingKeys } from '#services/sso/signing_keys'
import { runDoctor } from '#tests/helpers/doctor'
import { eachTestWithItsOwnKeys } from '#tests/helpers/sso_signing_keys'
import { withEnv } from '#tests/helpers/test_env'

/*
 * `node ace doctor`'s checks that only sso has (the shared ones are in
 * tests/functional/shared/doctor.spec.ts): its signing keys, its cookie domain.
 */
test.group('doctor: sso', (group) => {
  group.setup(() => ace.ui.switchMode('raw'))
  eachTestWithItsOwnKeys(group)

  test('a signing key older than the rotation policy; a current one', async ({ assert }) => {
    const { kid } = await signingKeys.signingKey()
    const current = await runDoctor()
    assert.equal(current.check('Signing keys current').status, 'ok')

    await db
      .from('signing_keys')
      .where('kid', kid)
      .update({
        created_at: new Date(Date.now() - 200 * 24 * 60 * 60 * 1000),
      })
    const doctor = await runDoctor()
    assert.equal(doctor.exitCode, 1)
    const keys = doctor.check('Signing keys current')
    assert.equal(keys.status, 'failed')
    assert.include(keys.detail, 'is 200 days old, over the 180 days')
    assert.include(keys.fix, 'node ace sso:keys:rotate')
  })

  test('a session cookie domain that does not cover APP_URL', async ({ assert }) => {
    await withEnv(
      { APP_URL: 'https://sso.example.com', SESSION_COOKIE_DOMAIN: '.example.org' },
      async () => {
        const doctor = await runDoctor()
        assert.equal(doctor.exitCode, 1)
        const cookie = doctor.check('SESSION_COOKIE_DOMAIN vs APP_URL')
        assert.equal(cookie.status, 'failed')
        assert.include(cookie.fix, 'set SESSION_COOKIE_DOMAIN to sso.example.com or a parent')
      }
    )
  })
})
