import { mkdir, rm, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import { transferConfig } from '#config/transfer'
import { S3UploadStorage, UploadStorage } from '#services/transfer/upload_storage'
import {
  S3ThemeMediaStorage,
  ThemeMediaStorage,
} from '#services/transfer/theme/theme_media_storage'
import { TestS3Server } from '#tests/helpers/s3_server'
import { storedPath, storedUpload } from '#tests/helpers/stored_uploads'

const ORIGIN = `http://${env.get('HOST')}:${env.get('PORT')}`

/*
 * The disk failing answers 503 (transfer's { error } body to a JSON caller,
 * the error page to a browser) and is logged; only a file that is not there
 * is 404.
 */

/**
 * A disk that fails to read a path without the file being missing: the path
 * is a symbolic link to itself, so every stat of it fails with ELOOP (tests
 * run as root, whom file modes do not stop).
 */
async function unreadable(path: string) {
  await rm(path, { force: true })
  await symlink(path, path)
}

test.group('storage failures are 503, a missing file 404', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a download whose disk fails answers 503 with an error, not "File not found"', async ({
    assert,
    cleanup,
  }) => {
    const upload = await storedUpload('bytes')
    cleanup(() => rm(storedPath(upload), { force: true }))
    const storage = await app.container.make(UploadStorage)
    const url = await storage.downloadUrl(upload, ORIGIN)

    await unreadable(storedPath(upload))
    const failing = await fetch(url, { headers: { accept: 'application/json' } })
    assert.equal(failing.status, 503)
    assert.deepEqual(await failing.json(), {
      error: 'The file storage is unavailable, please try again later',
    })
    // A browser following the link gets the error page, with the same status.
    const page = await fetch(url, { headers: { accept: 'text/html' } })
    assert.equal(page.status, 503)

    await rm(storedPath(upload))
    const missing = await fetch(url)
    assert.equal(missing.status, 404)
    assert.deepEqual(await missing.json(), { error: 'File not found' })
  })

  test('a theme medium whose disk fails answers 503; one not there 404', async ({
    client,
    cleanup,
  }) => {
    const name = `${'ab'.repeat(32)}.webp`
    const path = join(transferConfig.theme.fsDirectory, name)
    await mkdir(transferConfig.theme.fsDirectory, { recursive: true })
    cleanup(() => rm(path, { force: true }))

    const missing = await client.get(`/theme-media/${name}`)
    missing.assertStatus(404)
    missing.assertBody({ error: 'File not found' })

    await unreadable(path)
    const failing = await client.get(`/theme-media/${name}`).accept('json')
    failing.assertStatus(503)
    failing.assertBody({ error: 'The file storage is unavailable, please try again later' })
  })
})

test.group('storage failures on the s3 disk', (group) => {
  const s3 = new TestS3Server()
  let stopped = false
  group.setup(async () => {
    await s3.start()
    app.container.swap(ThemeMediaStorage as any, () => {
      return new S3ThemeMediaStorage(new S3UploadStorage(s3.options))
    })
    return async () => {
      app.container.restore(ThemeMediaStorage as any)
      if (!stopped) await s3.stop()
    }
  })

  test('a theme medium not in the bucket is 404; with the S3 server down, 503', async ({
    client,
  }) => {
    const name = `${'cd'.repeat(32)}.jpg`
    const missing = await client.get(`/theme-media/${name}`).accept('json')
    missing.assertStatus(404)
    missing.assertBody({ error: 'File not found' })

    await s3.stop()
    stopped = true
    const failing = await client.get(`/theme-media/${name}`).accept('json')
    failing.assertStatus(503)
    failing.assertBody({ error: 'The file storage is unavailable, please try again later' })
  })
})
