import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import { Secret } from '@adonisjs/core/helpers'
import { freePort } from '#services/shared/local_stack'
import { runDoctor } from '#tests/helpers/doctor'
import { TestS3Server } from '#tests/helpers/s3_server'
import { withEnv } from '#tests/helpers/test_env'

/*
 * `node ace doctor` under transfer with TRANSFER_DISK=s3: the bucket,
 * reached through the drive's S3 driver, against a real S3-compatible server
 * on loopback (s3rver).
 */
test.group('doctor: transfer files in an S3 bucket', (group) => {
  let s3: TestS3Server
  // The environment holds secrets as Secret objects, as start/env.ts makes them.
  let settings: Record<string, string>

  group.setup(async () => {
    ace.ui.switchMode('raw')
    s3 = await new TestS3Server().start()
    settings = {
      ...s3.env,
      OBJSTORE_SECRET_ACCESS_KEY: new Secret(s3.env.OBJSTORE_SECRET_ACCESS_KEY) as never,
    }
    return () => s3.stop()
  })

  test('a bucket that takes objects passes; the local folders are not checked', async ({
    assert,
  }) => {
    await withEnv(settings, async () => {
      const doctor = await runDoctor()
      const bucket = doctor.check('S3 bucket reachable')
      assert.deepInclude(bucket, {
        status: 'ok',
        detail: `${s3.bucket} at ${s3.endpoint} takes and gives up objects`,
      })
      assert.equal(doctor.check('Files folders writable').status, 'skipped')
      assert.equal(doctor.check('Required settings').status, 'ok')
    })
  })

  test('a bucket that does not exist, a server that does not answer', async ({ assert }) => {
    await withEnv({ ...settings, OBJSTORE_BUCKET_NAME: 'no-such-bucket' }, async () => {
      const doctor = await runDoctor()
      assert.equal(doctor.exitCode, 1)
      const bucket = doctor.check('S3 bucket reachable')
      assert.equal(bucket.status, 'failed')
      assert.include(bucket.detail, '(NoSuchBucket)')
      assert.equal(bucket.fix, 'create the bucket no-such-bucket, or correct OBJSTORE_BUCKET_NAME')
    })
    const closed = `http://127.0.0.1:${await freePort()}`
    await withEnv({ ...settings, OBJSTORE_ENDPOINT: closed }, async () => {
      const doctor = await runDoctor()
      assert.equal(doctor.exitCode, 1)
      const bucket = doctor.check('S3 bucket reachable')
      assert.equal(bucket.status, 'failed')
      assert.include(bucket.detail, `${s3.bucket} at ${closed} did not take a probe object`)
      assert.include(bucket.fix, 'OBJSTORE_ENDPOINT')
    })
  })

  test('TRANSFER_DISK=s3 without a bucket name: the setting the app refuses to start with', async ({
    assert,
  }) => {
    await withEnv({ ...settings, OBJSTORE_BUCKET_NAME: undefined }, async () => {
      const doctor = await runDoctor()
      assert.equal(doctor.exitCode, 1)
      const required = doctor.check('Required settings')
      assert.equal(required.status, 'failed')
      assert.include(required.detail, 'TRANSFER_DISK=s3 needs OBJSTORE_BUCKET_NAME')
      assert.include(required.fix, 'set OBJSTORE_BUCKET_NAME')
    })
  })
})
