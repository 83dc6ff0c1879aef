import { copyFile, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import pg from 'pg'
import { TransferProcess } from '#tests/helpers/transfer_process'
import { ThemeMediaFiles, probe } from '#tests/helpers/theme_media_files'
import { waitUntil } from '#tests/helpers/wait_until'

/*
 * A transfer server as its own process, killed (SIGKILL) in the middle of a
 * transcode and started again: the medium was left `processing` with the
 * progress ffmpeg had reported, and the startup sweep transcodes it again
 * to the end (the dead process's transcoding lock went with it).
 */

type MediaRow = {
  status: string
  progress: number
  attempts: number
  error: string | null
  renditions: { role: string; format: string; key: string }[]
}

test.group('theme media across a crash', (group) => {
  const files = new ThemeMediaFiles()
  let server: TransferProcess
  let database: pg.Client

  group.setup(async () => {
    await files.create()
    server = await new TransferProcess('theme_restart').prepare()
    database = new pg.Client({ connectionString: server.databaseUrl })
    await database.connect()
    return async () => {
      await database.end()
      await server.cleanup()
      await files.remove()
    }
  })

  async function row(id: string) {
    const { rows } = await database.query<MediaRow>(
      'select status, progress, attempts, error, renditions from theme_media where id = $1',
      [id]
    )
    return rows[0]
  }

  test('killed mid-transcode, restarted: transcoded again to the end', async ({ assert }) => {
    // Long enough to be caught in the middle on a busy machine, small enough to stay quick.
    const source = await files.video('showreel.mp4', { seconds: 8, width: 480, height: 270 })
    const { rows } = await database.query<{ id: string }>(
      `insert into theme_media (kind, status, original_name, original_key, original_type, original_size)
       values ('video', 'pending', 'showreel.mp4', 'x', 'video/mp4', 1) returning id`
    )
    const id = rows[0].id
    await database.query('update theme_media set original_key = $1 where id = $2', [
      `originals/${id}`,
      id,
    ])
    const themeDirectory = join(server.directory, 'drive', 'theme-media')
    await mkdir(join(themeDirectory, 'originals'), { recursive: true })
    await copyFile(source, join(themeDirectory, 'originals', id))

    // The startup sweep sends the waiting video's job; it is killed once progress is recorded.
    await server.start()
    const interrupted = await waitUntil(
      'progress recorded mid-transcode',
      async () => {
        const now = await row(id)
        return now.status === 'processing' && now.progress > 0 && now
      },
      120_000
    )
    await server.kill()
    assert.isBelow(interrupted.progress, 100)
    const left = await row(id)
    assert.equal(left.status, 'processing')
    assert.deepEqual(left.renditions, [])

    await server.start()
    const done = await waitUntil(
      'the transcode after the restart',
      async () => {
        const now = await row(id)
        if (now.status === 'failed') {
          throw new Error(`failed: ${now.error}\n${server.output}`)
        }
        return now.status === 'ready' && now
      },
      180_000
    )
    assert.equal(done.attempts, 2)
    assert.equal(done.progress, 100)
    assert.isNull(done.error)
    const stored = await readdir(themeDirectory)
    for (const rendition of done.renditions) {
      assert.include(stored, rendition.key)
    }
    const mp4 = done.renditions.find((entry) => entry.format === 'mp4')!
    const info = await probe(join(themeDirectory, mp4.key))
    assert.approximately(Number(info.format.duration), 8, 0.3)
    // Nothing half-written is left behind by the killed run.
    assert.notOk(stored.some((name) => name.endsWith('.partial')))
  }).timeout(360_000)
})
