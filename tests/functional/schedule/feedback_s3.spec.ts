import sharp from 'sharp'
import { test } from '@japa/runner'
import { Disk } from '@adonisjs/drive'
import { S3Driver } from '@adonisjs/drive/drivers/s3'
import { FeedbackScreenshots } from '#services/schedule/feedback/feedback_screenshots'
import { TestS3Server } from '#tests/helpers/s3_server'

/*
 * SCHEDULE_DISK=s3: screenshots on an S3-compatible bucket (a real s3rver on
 * loopback), through the same drive driver the `s3` disk of config/drive.ts
 * builds from the OBJSTORE_* names.
 */
test.group('schedule feedback screenshots on S3-compatible storage', (group) => {
  let s3: TestS3Server
  let screenshots: FeedbackScreenshots
  let disk: Disk

  group.setup(async () => {
    s3 = await new TestS3Server().start()
    disk = new Disk(new S3Driver({ ...s3.options, forcePathStyle: true, visibility: 'private' }))
    screenshots = new FeedbackScreenshots(disk)
    return () => s3.stop()
  })

  test('a screenshot is re-encoded into the bucket, read back and removed', async ({ assert }) => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 4, background: '#10b981' },
    })
      .png()
      .toBuffer()
    const stored = await screenshots.store(png)
    assert.match(stored.key, /^feedback\/[\da-f-]{36}\.png$/)
    assert.deepEqual([stored.width, stored.height, stored.contentType], [64, 48, 'image/png'])

    const metadata = await disk.getMetaData(stored.key)
    assert.equal(metadata.contentType, 'image/png')
    assert.equal(metadata.contentLength, stored.size)
    const bytes = Buffer.from(await screenshots.read(stored.key))
    const decoded = await sharp(bytes).metadata()
    assert.deepEqual([decoded.width, decoded.height], [64, 48])

    await screenshots.remove(stored.key)
    assert.isFalse(await disk.exists(stored.key))
  })

  test('an unreadable file never reaches the bucket', async ({ assert }) => {
    await assert.rejects(() => screenshots.store(Buffer.from('GIF89a but not really')))
    const listed = await disk.listAll('feedback/', { recursive: true })
    assert.deepEqual([...listed.objects], [])
  })
})
