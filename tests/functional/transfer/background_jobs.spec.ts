import { createHash, randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import pg from 'pg'
import { JobWorkerProcess } from '#tests/helpers/job_processes'
import { TransferProcess } from '#tests/helpers/transfer_process'
import { waitUntil } from '#tests/helpers/wait_until'

/*
 * Where transfer's jobs run: in the web process by default, or only in a
 * separate `node ace jobs:work` when JOBS_IN_WEB=false. The countable effect
 * is the at-start job that hashes finished uploads left 'verifying'.
 */
class TransferWithJobs {
  readonly server: TransferProcess
  database!: pg.Client
  worker?: JobWorkerProcess

  constructor(name: string, env: Record<string, string> = {}) {
    this.server = new TransferProcess(name, env)
  }

  async prepare() {
    await this.server.prepare()
    this.database = new pg.Client({ connectionString: this.server.databaseUrl })
    await this.database.connect()
    return this
  }

  /** A finished upload whose streaming hash was lost: its bytes are stored, its hash is not. */
  async unverifiedUpload() {
    const bytes = randomBytes(4096)
    const storageKey = randomBytes(16).toString('hex')
    const directory = join(this.server.directory, 'drive', 'public-uploads')
    await mkdir(directory, { recursive: true })
    await writeFile(join(directory, storageKey), bytes)
    const { rows } = await this.database.query(
      `insert into public_uploads (storage_key, disk, file_name, size, received_bytes, status,
         owner_key_hash, hash_status, completed_at)
       values ($1, 'fs', 'rushes.mxf', $2, $2, 'complete', 'x', 'verifying', now()) returning id`,
      [storageKey, bytes.length]
    )
    return { id: rows[0].id as string, sha256: createHash('sha256').update(bytes).digest('hex') }
  }

  async hashed(id: string) {
    const { rows } = await this.database.query(
      `select content_sha256 from public_uploads where id = $1 and hash_status = 'done'`,
      [id]
    )
    return rows[0]?.content_sha256 as string | undefined
  }

  async cleanup() {
    await this.worker?.stop()
    await this.database?.end()
    await this.server.cleanup()
  }
}

test.group('transfer background jobs in real processes', (group) => {
  let scene: TransferWithJobs
  group.each.teardown(() => scene.cleanup())

  test('the web process works the jobs: it hashes what a crash left unverified and schedules the cleanups', async ({
    assert,
  }) => {
    scene = await new TransferWithJobs('jobs_in_web').prepare()
    const upload = await scene.unverifiedUpload()
    await scene.server.start()

    assert.equal(
      await waitUntil('the upload to be hashed', () => scene.hashed(upload.id)),
      upload.sha256
    )
    const { rows } = await scene.database.query(
      'select name, cron from pgboss.schedule order by name'
    )
    assert.deepEqual(rows, [
      { name: 'shared.purge-sign-in-codes', cron: '* * * * *' },
      { name: 'transfer.cleanup-expired', cron: '0 * * * *' },
    ])
  }).timeout(180_000)

  test('with JOBS_IN_WEB=false the web process runs no job; node ace jobs:work does', async ({
    assert,
  }) => {
    scene = await new TransferWithJobs('jobs_in_worker', { JOBS_IN_WEB: 'false' }).prepare()
    const upload = await scene.unverifiedUpload()
    await scene.server.start()
    const { rows } = await scene.database.query(`select to_regclass('pgboss.job') as jobs`)
    assert.isNull(rows[0].jobs, 'the web process never started the job system')

    scene.worker = await new JobWorkerProcess(scene.server.env()).start()
    assert.include(scene.worker.output, 'transfer.verify-upload-hashes')
    assert.equal(
      await waitUntil('the upload to be hashed', () => scene.hashed(upload.id)),
      upload.sha256
    )
    assert.deepEqual(await scene.worker.stop(), { code: 0, signal: null })
  }).timeout(180_000)
})
