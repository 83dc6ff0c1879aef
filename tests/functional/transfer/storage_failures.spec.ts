import { mkdir, rm, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import { transferConfig } from '#config/transfer'
import { UploadStorage } from '#services/transfer/upload_storage'
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
