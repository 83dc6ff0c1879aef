import { createHash } from 'node:crypto'

/*
 * The backup document and its version history.
 *
 * Version 2 (current), written by GET /api/admin/backup and schedule:backup:
 *
 *   { "formatVersion": 2, "appVersion", "createdAt", "counts": { table: rows },
 *     "tables": [ { "name", "rows": [ { column: value } ] } ],
 *     "checksum": "<sha-256 hex>" }
 *
 * Tables come in foreign-key order, rows by primary key, values as
 * PostgreSQL's row_to_json writes them with the time zone at UTC. The
 * checksum, written last so the document can be streamed, is the SHA-256 of
 * the canonical JSON (keys sorted, no spaces) of the document without it.
 *
 * Version 1 (the first schedule backups): the tables as one object by name,
 * the checksum near the top, over the canonical JSON of `tables` alone, no
 * counts, and the time under `exportedAt`:
 *
 *   { "formatVersion": 1, "appVersion", "exportedAt", "checksum",
 *     "tables": { table: [ rows ] } }
 *
 * An import upgrades a version 1 document to version 2 once its own checksum
 * holds; a version above CURRENT_FORMAT_VERSION is refused.
 */
export const CURRENT_FORMAT_VERSION = 2

export type BackupRow = Record<string, unknown>
export type BackupTable = { name: string; rows: BackupRow[] }
export type BackupDocument = {
  formatVersion: number
  appVersion: string
  createdAt: string
  counts: Record<string, number>
  tables: BackupTable[]
  checksum: string
}

/**
 * Canonical JSON of a value (RFC 8785 for the values JSON can hold here:
 * object keys sorted by code unit, no whitespace, numbers and strings as
 * JSON.stringify writes them), as chunks, so a large document can be hashed
 * without building one string.
 */
export function* canonicalChunks(value: unknown): Generator<string> {
  if (value === null || typeof value !== 'object') {
    yield JSON.stringify(value) ?? 'null'
    return
  }
  if (Array.isArray(value)) {
    yield '['
    for (const [index, item] of value.entries()) {
      if (index > 0) yield ','
      yield* canonicalChunks(item)
    }
    yield ']'
    return
  }
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  yield '{'
  for (const [index, [key, item]] of entries.entries()) {
    yield `${index > 0 ? ',' : ''}${JSON.stringify(key)}:`
    yield* canonicalChunks(item)
  }
  yield '}'
}

/** Canonical JSON of a small value, as one string. */
export function canonicalJson(value: unknown) {
  return [...canonicalChunks(value)].join('')
}

/** SHA-256 (hex) of the canonical JSON of a value. */
export function canonicalDigest(value: unknown) {
  const hash = createHash('sha256')
  for (const chunk of canonicalChunks(value)) hash.update(chunk)
  return hash.digest('hex')
}

/** The checksum a version 2 document must carry. */
export function checksumOf(document: Omit<BackupDocument, 'checksum'> & { checksum?: unknown }) {
  return canonicalDigest(withoutChecksum(document))
}

/** Everything a checksum covers: the document without its `checksum` key. */
export function withoutChecksum<T extends { checksum?: unknown }>(document: T) {
  return Object.fromEntries(Object.entries(document).filter(([key]) => key !== 'checksum'))
}

/** The file name a backup is offered under: `schedule-backup-2026-11-24T210650Z.json`. */
export function backupFileName(createdAt: Date) {
  const stamp = createdAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '')
  return `schedule-backup-${stamp}.json`
}

/** The file names schedule:backup writes (and may prune): nothing else in a folder is touched. */
export const BACKUP_FILE_PATTERN = /^schedule-backup-(\d{4}-\d{2}-\d{2})T(\d{6})Z\.json$/

export class BackupFormatError extends Error {}

/**
 * A document of any known version as version 2. Version 1's checksum is
 * checked here, since its shape is gone after the upgrade; a version 2
 * document is returned as it is and checked by the importer.
 */
export function upgradeToCurrent(input: Record<string, unknown>): {
  document: BackupDocument
  upgradedFrom: number | null
} {
  const version = input.formatVersion
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new BackupFormatError(
      'This is not a schedule backup: it has no formatVersion (a whole number from 1)'
    )
  }
  if (version > CURRENT_FORMAT_VERSION) {
    throw new BackupFormatError(
      `This backup has format version ${version}, newer than this schedule reads (up to ${CURRENT_FORMAT_VERSION}): update schedule, then import it`
    )
  }
  if (version === CURRENT_FORMAT_VERSION) {
    return { document: input as unknown as BackupDocument, upgradedFrom: null }
  }
  return { document: fromVersion1(input), upgradedFrom: 1 }
}

function fromVersion1(input: Record<string, unknown>): BackupDocument {
  const tables = input.tables
  if (!tables || typeof tables !== 'object' || Array.isArray(tables)) {
    throw new BackupFormatError('A version 1 backup holds its tables as an object by name')
  }
  if (input.checksum !== canonicalDigest(tables)) {
    throw new BackupFormatError(
      'The checksum does not match the tables: the file was changed or cut short after it was written'
    )
  }
  const upgraded = Object.entries(tables as Record<string, unknown>).map(([name, rows]) => ({
    name,
    rows: rows as BackupRow[],
  }))
  for (const table of upgraded) {
    if (!Array.isArray(table.rows)) {
      throw new BackupFormatError(`Table ${table.name}: its rows are not a list`)
    }
  }
  const document = {
    formatVersion: CURRENT_FORMAT_VERSION,
    appVersion: String(input.appVersion ?? 'unknown'),
    createdAt: String(input.exportedAt ?? ''),
    counts: Object.fromEntries(upgraded.map((table) => [table.name, table.rows.length])),
    tables: upgraded,
  }
  return { ...document, checksum: checksumOf(document) }
}

/** A version 2 document as version 1 wrote it (for the tests and the format's history). */
export function toVersion1(document: BackupDocument) {
  const tables = Object.fromEntries(document.tables.map((table) => [table.name, table.rows]))
  return {
    formatVersion: 1,
    appVersion: document.appVersion,
    exportedAt: document.createdAt,
    checksum: canonicalDigest(tables),
    tables,
  }
}
