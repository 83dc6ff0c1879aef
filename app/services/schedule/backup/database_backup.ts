import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { appVersion } from '#services/shared/route_catalog'
import {
  quoted,
  readCatalog,
  rowsThatTravel,
  type TableInfo,
} from '#services/schedule/backup/backup_catalog'
import {
  CURRENT_FORMAT_VERSION,
  backupFileName,
  canonicalJson,
} from '#services/schedule/backup/backup_format'

/** Rows fetched from a cursor at a time: what one backup holds in memory at most. */
export const BACKUP_BATCH_ROWS = 1000

export type BackupProgress = { table: string; rows: number; tableRows: number }

/**
 * The whole scheduling database as one JSON document (format version 2,
 * see backup_format.ts), produced as text chunks while it is read, so
 * neither the server nor the command holds it in memory. Everything is read
 * in one REPEATABLE READ transaction: the counts, every table and the
 * checksum describe one moment, whatever people change meanwhile.
 */
export class DatabaseBackup {
  readonly createdAt = new Date()

  get fileName() {
    return backupFileName(this.createdAt)
  }

  /**
   * The document's text. Stopping early (a client that goes away) ends the
   * transaction through the generator's `finally`.
   */
  async *chunks(onProgress?: (progress: BackupProgress) => void): AsyncGenerator<string> {
    const trx = await db.transaction({ isolationLevel: 'repeatable read' })
    try {
      // row_to_json writes timestamps in the session's zone: one zone, one text per instant.
      await trx.rawQuery(`set local time zone 'UTC'`)
      const tables = await readCatalog(trx)
      const counts: Record<string, number> = {}
      for (const table of tables) {
        counts[table.name] = await countRows(trx, table)
      }
      const header = {
        appVersion: await appVersion(),
        counts,
        createdAt: this.createdAt.toISOString(),
        formatVersion: CURRENT_FORMAT_VERSION,
      }
      /*
       * The checksum covers the canonical JSON of everything but itself.
       * Its keys sort as appVersion, counts, createdAt, formatVersion,
       * tables; `tables` is a list in the order written, and each entry is
       * written canonically, so the digest is fed the same table text.
       */
      const hash = createHash('sha256')
      hash.update(canonicalJson(header).slice(0, -1) + ',"tables":[')
      yield (
        `{"formatVersion":${CURRENT_FORMAT_VERSION},"appVersion":${JSON.stringify(header.appVersion)},` +
        `"createdAt":${JSON.stringify(header.createdAt)},"counts":${canonicalJson(counts)},"tables":[`
      )

      for (const [index, table] of tables.entries()) {
        const opening = `${index > 0 ? ',' : ''}{"name":${JSON.stringify(table.name)},"rows":[`
        hash.update(opening)
        yield opening
        let written = 0
        for await (const rows of readRows(trx, table)) {
          const text = rows.map((row) => canonicalJson(row)).join(',')
          const chunk = (written > 0 ? ',' : '') + text
          hash.update(chunk)
          yield chunk
          written += rows.length
          onProgress?.({ table: table.name, rows: written, tableRows: counts[table.name] })
        }
        hash.update(']}')
        yield ']}'
        if (written === 0) {
          onProgress?.({ table: table.name, rows: 0, tableRows: 0 })
        }
      }
      hash.update(']}')
      yield `],"checksum":"${hash.digest('hex')}"}`
      await trx.commit()
    } finally {
      if (!trx.isCompleted) {
        await trx.rollback()
      }
    }
  }
}

async function countRows(trx: TransactionClientContract, table: TableInfo) {
  const filter = rowsThatTravel(table.name)
  const result = await trx.rawQuery(
    `select count(*)::int as count from ${quoted(table.name)}${filter.sql}`,
    filter.bindings
  )
  return result.rows[0].count as number
}

let cursorNumber = 0

/**
 * A table's rows, by primary key, in batches from a server-side cursor, as
 * PostgreSQL renders them to JSON (its own text for every type: dates,
 * timestamps to the microsecond, numerics, arrays, jsonb).
 */
export async function* readRows(
  trx: TransactionClientContract,
  table: TableInfo,
  batchRows = BACKUP_BATCH_ROWS
): AsyncGenerator<Record<string, unknown>[]> {
  const cursor = `schedule_backup_${++cursorNumber}`
  const filter = rowsThatTravel(table.name)
  const order = (table.primaryKey.length > 0 ? table.primaryKey : table.columns.map((c) => c.name))
    .map((column) => `t.${quoted(column)}`)
    .join(', ')
  await trx.rawQuery(
    `declare ${cursor} no scroll cursor for
       select row_to_json(t) as row from ${quoted(table.name)} t${filter.sql} order by ${order}`,
    filter.bindings
  )
  try {
    while (true) {
      const batch = await trx.rawQuery(`fetch ${batchRows} from ${cursor}`)
      if (batch.rows.length === 0) break
      yield batch.rows.map((result: { row: Record<string, unknown> }) => result.row)
      if (batch.rows.length < batchRows) break
    }
  } finally {
    await trx.rawQuery(`close ${cursor}`)
  }
}
