import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { readCatalog, quoted } from '#services/schedule/backup/backup_catalog'
import { checksumOf, type BackupDocument } from '#services/schedule/backup/backup_format'
import { DatabaseBackup } from '#services/schedule/backup/database_backup'
import { DemoCompany } from '#services/schedule/demo/demo_company'
import { schedulePerson } from '#tests/helpers/schedule_people'

/** A backup of the database as it is now, as the text the route sends and parsed. */
export async function backupNow() {
  let text = ''
  for await (const chunk of new DatabaseBackup().chunks()) text += chunk
  return { text, document: JSON.parse(text) as BackupDocument }
}

/** The demo company, logged under a new admin (who is in the backup too). */
export async function fillWithDemo() {
  const admin = await schedulePerson('admin')
  const demo = await app.container.make(DemoCompany)
  await demo.create(admin.user)
  return admin
}

/** Every backed-up table emptied, children first: a database with nothing to lose. */
export async function emptyScheduleDatabase() {
  const tables = await readCatalog(db.connection())
  for (const table of tables.reverse()) {
    await db.rawQuery(`delete from ${quoted(table.name)}`)
  }
}

/** A backup and the next one match apart from when they were taken (and so their checksums). */
export function withoutTimestamp(document: BackupDocument) {
  return Object.fromEntries(
    Object.entries(document).filter(([key]) => key !== 'createdAt' && key !== 'checksum')
  )
}

/** The rows of one table of a document. */
export function rowsOf(document: BackupDocument, table: string) {
  const found = document.tables.find((entry) => entry.name === table)
  if (!found) throw new Error(`No table ${table} in the backup`)
  return found.rows
}

/** The document after `change`, with counts and checksum made right again, so only the change is wrong. */
export function edited(document: BackupDocument, change: (copy: BackupDocument) => void) {
  const copy = structuredClone(document)
  change(copy)
  copy.counts = Object.fromEntries(copy.tables.map((table) => [table.name, table.rows.length]))
  copy.checksum = checksumOf(copy)
  return copy
}
