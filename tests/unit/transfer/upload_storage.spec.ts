import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { test } from '@japa/runner'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import {
  FsUploadStorage,
  S3UploadStorage,
  safeFileName,
  type UploadStorage,
} from '#services/transfer/upload_storage'
import { TestS3Server } from '#tests/helpers/s3_server'

const CONTENT = 'hello transfer, 0123456789'

/*
 * The same behaviour on both disks: size, whole and ranged reads, idempotent
 * removal. Files are written the way the tus stores leave them.
 */
const disks: {
  name: string
  setup: () => Promise<{ storage: UploadStorage; put: (key: string) => Promise<void> }>
  teardown: () => Promise<void>
}[] = []

let directory = ''
disks.push({
  name: 'fs',
  async setup() {
    directory = await mkdtemp(join(tmpdir(), 'fs-disk-'))
    const storage = new FsUploadStorage(directory)
    return { storage, put: (key) => writeFile(join(directory, key), CONTENT) }
  },
  teardown: () => rm(directory, { recursive: true, force: true }),
})

const s3 = new TestS3Server()
disks.push({
  name: 's3',
  async setup() {
    await s3.start()
    const storage = new S3UploadStorage(s3.options)
    const put = async (key: string) => {
      await storage.client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: CONTENT })
      )
    }
    return { storage, put }
  },
  teardown: () => s3.stop(),
})

for (const disk of disks) {
  test.group(`UploadStorage on the ${disk.name} disk`, (group) => {
    let storage: UploadStorage
    let put: (key: string) => Promise<void>
    group.setup(async () => {
      ;({ storage, put } = await disk.setup())
      return disk.teardown
    })

    test('reports the size, reads all or a range, and removes twice without error', async ({
      assert,
    }) => {
      await put('abc123')
      assert.equal(await storage.size('abc123'), CONTENT.length)
      assert.equal(await text(await storage.read('abc123')), CONTENT)
      assert.equal(await text(await storage.read('abc123', { start: 6, end: 13 })), 'transfer')

      await storage.remove('abc123')
      await storage.remove('abc123')
      assert.isNull(await storage.size('abc123'))
    })

    test('a missing file has no size', async ({ assert }) => {
      assert.isNull(await storage.size('nothing-here'))
    })
  })
}

test.group('UploadStorage on the s3 disk: presigned download URLs', (group) => {
  group.setup(async () => {
    await s3.start()
    return () => s3.stop()
  })

  test('download as an attachment, never as the uploaded type, with Range support', async ({
    assert,
  }) => {
    const storage = new S3UploadStorage(s3.options)
    await storage.client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: 'page',
        Body: '<script>alert(1)</script>',
        ContentType: 'text/html',
      })
    )
    const url = await storage.downloadUrl({ id: 'u1', storageKey: 'page', fileName: 'x.html' })

    const whole = await fetch(url)
    assert.equal(whole.status, 200)
    assert.equal(whole.headers.get('content-type'), 'application/octet-stream')
    assert.match(whole.headers.get('content-disposition')!, /^attachment; filename="?x\.html"?$/)

    const part = await fetch(url, { headers: { range: 'bytes=0-7' } })
    assert.equal(part.status, 206)
    assert.equal(await part.text(), '<script>')
  })
})

test.group('safeFileName', () => {
  test('keeps the base name only, without control characters or leading dots', ({ assert }) => {
    assert.equal(safeFileName('../../etc/passwd'), 'passwd')
    assert.equal(safeFileName('..\\..\\boot.ini'), 'boot.ini')
    assert.equal(safeFileName('.htaccess'), 'htaccess')
    assert.equal(safeFileName('a"b\r\nc.txt'), 'a_bc.txt')
    assert.equal(safeFileName('../'), 'download')
    assert.equal(safeFileName('Résumé 2026.pdf'), 'Résumé 2026.pdf')
    assert.lengthOf(safeFileName('x'.repeat(500)), 200)
  })
})
