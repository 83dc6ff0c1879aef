import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import pg from 'pg'
import { TransferProcess } from '#tests/helpers/transfer_process'

/*
 * X-Forwarded-For counts only when the nearest hop is a known proxy
 * (TRUSTED_PROXIES). This transfer process trusts 10.1.2.3 only, so a client
 * connecting straight from loopback cannot choose the address in the download
 * log (share_access.spec.ts covers the trusted-proxy case).
 */
test.group('transfer behind an untrusted hop', (group) => {
  const server = new TransferProcess('untrusted_proxy', { TRUSTED_PROXIES: '10.1.2.3' })
  let database: pg.Client

  group.setup(async () => {
    await server.prepare()
    await server.start()
    database = new pg.Client({ connectionString: server.databaseUrl })
    await database.connect()
    return async () => {
      await database.end()
      await server.cleanup()
    }
  })

  test('a spoofed X-Forwarded-For from a direct client is not logged as its address', async ({
    assert,
  }) => {
    const storageKey = randomBytes(16).toString('hex')
    const directory = join(server.directory, 'drive', 'public-uploads')
    await mkdir(directory, { recursive: true })
    await writeFile(join(directory, storageKey), 'shared bytes')
    const {
      rows: [upload],
    } = await database.query(
      `insert into public_uploads (storage_key, disk, file_name, size, received_bytes, status,
         owner_key_hash, hash_status, completed_at)
       values ($1, 'fs', 'notes.txt', 12, 12, 'complete', 'x', 'done', now()) returning id`,
      [storageKey]
    )
    const token = randomBytes(32).toString('base64url')
    await database.query(`insert into staff_shares (token, upload_id) values ($1, $2)`, [
      token,
      upload.id,
    ])

    const response = await fetch(`${server.url}/api/share/${token}/download`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept': 'application/json',
        'x-forwarded-for': '6.6.6.6',
      },
      body: '{}',
    })
    assert.equal(response.status, 200)

    const { rows } = await database.query('select ip from download_logs')
    assert.deepEqual(
      rows.map((row) => row.ip),
      ['127.0.0.1']
    )
  })
})
