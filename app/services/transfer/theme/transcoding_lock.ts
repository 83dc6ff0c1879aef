import { createHash } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import pg from 'pg'

const KEY = createHash('sha256').update('transfer-theme-transcoding').digest().readBigInt64BE(0)

/**
 * Spec 2, section 8: one transcoding job at a time, across every instance.
 * A PostgreSQL advisory lock on a connection of its own: a second transcode
 * waits for it (in the database, not by polling), and a process that dies
 * mid-transcode drops it with its connection, so the restarted job starts at
 * once instead of waiting for the dead job to be declared lost. Aborting the
 * signal (the process stops) gives up the wait.
 */
export async function holdTranscoding(signal?: AbortSignal): Promise<() => Promise<void>> {
  const client = new pg.Client({
    connectionString: app.config.get<string>(
      'database.connections.postgres.connection.connectionString'
    ),
    application_name: 'transfer-transcoding-lock',
  })
  await client.connect()
  const giveUp = () => void client.end().catch(() => {})
  signal?.addEventListener('abort', giveUp, { once: true })
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [KEY.toString()])
  } catch (error) {
    await client.end().catch(() => {})
    signal?.throwIfAborted()
    throw error
  } finally {
    signal?.removeEventListener('abort', giveUp)
  }
  return async () => {
    // Ending the connection frees the lock.
    await client.end().catch(() => {})
  }
}
