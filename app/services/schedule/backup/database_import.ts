import { Exception } from '@adonisjs/core/exceptions'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  ROWS_LEFT_OUT,
  TABLES_LEFT_OUT,
  quoted,
  readCatalog,
  rowsThatTravel,
  type ColumnInfo,
  type TableInfo,
} from '#services/schedule/backup/backup_catalog'
import {
  BackupFormatError,
  canonicalJson,
  checksumOf,
  upgradeToCurrent,
  type BackupDocument,
  type BackupRow,
} from '#services/schedule/backup/backup_format'
import { readRows } from '#services/schedule/backup/database_backup'
import { rowRuleProblems } from '#services/schedule/backup/import_row_rules'

export type ImportProblem = { table?: string; row?: string; column?: string; message: string }
export type TableChanges = { added: number; updated: number; unchanged: number; removed: number }

export type ImportSummary = {
  dryRun: boolean
  /** True once the database holds the document (never for a dry run). */
  applied: boolean
  /** The version the document was written in; `upgradedFrom` says when it was upgraded. */
  formatVersion: number | null
  upgradedFrom: number | null
  appVersion: string | null
  createdAt: string | null
  /** What the import changes (a dry run: would change), per table in foreign-key order. */
  tables: Record<string, TableChanges>
  totals: TableChanges
  /** Every problem found, up to MAX_PROBLEMS listed; `problemCount` counts them all. */
  problems: ImportProblem[]
  problemCount: number
}

export const MAX_PROBLEMS = 500
/** Rows sent to PostgreSQL in one insert. */
const INSERT_BATCH_ROWS = 1000

/** 422: the document cannot be imported; the summary lists why. Nothing was written. */
export class ImportRefusedError extends Exception {
  static status = 422

  constructor(readonly summary: ImportSummary) {
    super(refusalMessage(summary))
  }
}

function refusalMessage(summary: ImportSummary) {
  const first = summary.problems[0]
  const place = [first?.row, first?.column].filter(Boolean).join(', ')
  const where = first?.table ? `${first.table}${place ? ` (${place})` : ''}: ` : ''
  const more = summary.problemCount > 1 ? ` (and ${summary.problemCount - 1} more problem(s))` : ''
  return `The backup cannot be imported: ${where}${first?.message ?? 'it is not valid'}${more}`
}

type Options = { dryRun: boolean; onProgress?: (line: string) => void }

/**
 * Restores a backup document (POST /api/admin/import and schedule:import):
 * upgraded to the current format, validated whole (version, checksum,
 * tables, columns and their types, keys, references, and each row's text
 * by the API's validator of its table), compared with the
 * database, then applied in one transaction. After an import the backed-up
 * tables hold exactly the document's rows; a failure anywhere leaves the
 * database as it was. A dry run stops after the comparison.
 */
export class DatabaseImport {
  async run(input: unknown, { dryRun, onProgress }: Options): Promise<ImportSummary> {
    const problems = new ProblemList()
    const summary: ImportSummary = {
      dryRun,
      applied: false,
      formatVersion: null,
      upgradedFrom: null,
      appVersion: null,
      createdAt: null,
      tables: {},
      totals: { added: 0, updated: 0, unchanged: 0, removed: 0 },
      problems: problems.listed,
      problemCount: 0,
    }
    const refuse = () => {
      summary.problemCount = problems.count
      return new ImportRefusedError(summary)
    }

    if (!input || typeof input !== 'object' || Array.isArray(input)) {
      problems.add({ message: 'The backup must be a JSON object' })
      throw refuse()
    }
    const raw = input as Record<string, unknown>
    summary.formatVersion = typeof raw.formatVersion === 'number' ? raw.formatVersion : null
    let document: BackupDocument
    try {
      const upgraded = upgradeToCurrent(raw)
      document = upgraded.document
      summary.upgradedFrom = upgraded.upgradedFrom
    } catch (error) {
      if (!(error instanceof BackupFormatError)) throw error
      problems.add({ message: error.message })
      throw refuse()
    }
    summary.appVersion = typeof document.appVersion === 'string' ? document.appVersion : null
    summary.createdAt = typeof document.createdAt === 'string' ? document.createdAt : null
    onProgress?.(
      `Format version ${summary.formatVersion}${summary.upgradedFrom ? ' (upgraded)' : ''}, written by schedule ${summary.appVersion ?? '?'} at ${summary.createdAt ?? '?'}`
    )

    if (!checkShape(document, problems)) {
      throw refuse()
    }
    if (document.checksum !== checksumOf(document)) {
      problems.add({
        message:
          'The checksum does not match the content: the file was changed or cut short after it was written',
      })
    }

    const catalog = await readCatalog(db.connection())
    const byName = new Map(catalog.map((table) => [table.name, table]))
    const documentTables = new Map<string, BackupRow[]>()
    for (const { name, rows } of document.tables) {
      const table = byName.get(name)
      if (documentTables.has(name)) {
        problems.add({ table: name, message: 'The table appears twice' })
      } else if (Object.hasOwn(TABLES_LEFT_OUT, name)) {
        problems.add({
          table: name,
          message: `This table is not part of a backup (${TABLES_LEFT_OUT[name]})`,
        })
      } else if (!table) {
        problems.add({ table: name, message: 'Unknown table: this database has no such table' })
      } else {
        documentTables.set(name, rows)
        if (document.counts[name] !== rows.length) {
          problems.add({
            table: name,
            message: `The counts say ${document.counts[name] ?? 'nothing'} row(s), the table holds ${rows.length}`,
          })
        }
        checkRows(table, rows, problems)
        await checkRowRules(table, rows, problems)
      }
    }
    onProgress?.(`Checked ${documentTables.size} table(s)`)
    checkReferences(catalog, documentTables, problems)

    const compareAndMaybeApply = async (trx: TransactionClientContract) => {
      await trx.rawQuery(`set local time zone 'UTC'`)
      if (!dryRun && problems.count === 0) {
        // Nobody writes while the database is compared and replaced; reading goes on.
        await trx.rawQuery(
          `lock table ${catalog.map((table) => quoted(table.name)).join(', ')} in exclusive mode`
        )
      }
      for (const table of catalog) {
        const changes = await compareTable(trx, table, documentTables.get(table.name) ?? [])
        summary.tables[table.name] = changes
        for (const key of Object.keys(changes) as (keyof TableChanges)[]) {
          summary.totals[key] += changes[key]
        }
      }
      onProgress?.(
        `Compared with the database: ${summary.totals.added} to add, ${summary.totals.updated} to update, ${summary.totals.unchanged} unchanged, ${summary.totals.removed} to remove`
      )
      if (problems.count > 0 || dryRun) {
        return
      }
      await apply(trx, catalog, documentTables, problems, onProgress)
      if (problems.count > 0) {
        throw new ApplyFailed()
      }
      summary.applied = true
    }

    /*
     * A dry run reads one snapshot; an import reads after its lock, in the
     * default level. (The options go to the form of db.transaction without a
     * callback: nested in another transaction, the callback form drops them.)
     */
    const trx = await db.transaction(dryRun ? { isolationLevel: 'repeatable read' } : {})
    try {
      await compareAndMaybeApply(trx)
      await (dryRun ? trx.rollback() : trx.commit())
    } catch (error) {
      await trx.rollback()
      if (!(error instanceof ApplyFailed)) throw error
    }
    summary.problemCount = problems.count
    if (problems.count > 0) {
      throw refuse()
    }
    return summary
  }
}

/** Thrown inside the transaction to roll it back after a problem was recorded. */
class ApplyFailed extends Error {}

class ProblemList {
  readonly listed: ImportProblem[] = []
  count = 0

  add(problem: ImportProblem) {
    this.count++
    if (this.listed.length < MAX_PROBLEMS) this.listed.push(problem)
  }
}

function checkShape(document: BackupDocument, problems: ProblemList) {
  if (!Array.isArray(document.tables)) {
    problems.add({ message: 'The backup has no list of tables' })
    return false
  }
  if (!document.counts || typeof document.counts !== 'object') {
    problems.add({ message: 'The backup has no counts per table' })
    return false
  }
  if (typeof document.checksum !== 'string') {
    problems.add({ message: 'The backup has no checksum' })
    return false
  }
  for (const [index, table] of document.tables.entries()) {
    if (!table || typeof table.name !== 'string' || !Array.isArray(table.rows)) {
      problems.add({ message: `Entry ${index + 1} of tables is not { name, rows: [] }` })
      return false
    }
  }
  return true
}

/** How a row is named in a problem: its primary key, else its place in the table. */
function rowLabel(table: TableInfo, row: BackupRow, index: number) {
  if (table.primaryKey.length > 0 && table.primaryKey.every((column) => column in row)) {
    return table.primaryKey.map((column) => `${column} ${JSON.stringify(row[column])}`).join(', ')
  }
  return `row ${index + 1}`
}

function keyOf(table: TableInfo, row: BackupRow) {
  return canonicalJson(
    table.primaryKey.length > 0 ? table.primaryKey.map((column) => row[column]) : row
  )
}

function checkRows(table: TableInfo, rows: BackupRow[], problems: ProblemList) {
  const columns = new Map(table.columns.map((column) => [column.name, column]))
  const leftOut = ROWS_LEFT_OUT[table.name]
  const keys = new Set<string>()
  let firstColumns: string | null = null
  rows.forEach((row, index) => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) {
      problems.add({
        table: table.name,
        row: `row ${index + 1}`,
        message: 'A row must be an object',
      })
      return
    }
    const label = rowLabel(table, row, index)
    const present = Object.keys(row)
    const signature = [...present].sort().join(',')
    firstColumns ??= signature
    if (signature !== firstColumns) {
      problems.add({
        table: table.name,
        row: label,
        message: 'Every row of a table must have the same columns',
      })
    }
    for (const name of present) {
      const column = columns.get(name)
      if (!column) {
        problems.add({ table: table.name, row: label, column: name, message: 'Unknown column' })
        continue
      }
      const wrong = typeProblem(column, row[name])
      if (wrong) problems.add({ table: table.name, row: label, column: name, message: wrong })
    }
    for (const column of table.columns) {
      if (!(column.name in row) && !column.nullable && !column.hasDefault) {
        problems.add({
          table: table.name,
          row: label,
          column: column.name,
          message: 'A value is required',
        })
      }
    }
    if (leftOut && leftOut.values.includes(String(row[leftOut.column]))) {
      problems.add({
        table: table.name,
        row: label,
        message: 'A secret setting never travels in a backup: set it on this instance instead',
      })
    }
    const key = keyOf(table, row)
    if (table.primaryKey.length > 0 && keys.has(key)) {
      problems.add({ table: table.name, row: label, message: 'Two rows have this primary key' })
    }
    keys.add(key)
  })
}

/** Each row's text against the API's validator of its table (see import_row_rules.ts). */
async function checkRowRules(table: TableInfo, rows: BackupRow[], problems: ProblemList) {
  for (const [index, row] of rows.entries()) {
    if (!row || typeof row !== 'object' || Array.isArray(row)) continue
    for (const { column, message } of await rowRuleProblems(table, row)) {
      problems.add({ table: table.name, row: rowLabel(table, row, index), column, message })
    }
  }
}

const INTEGER = /^-?\d+$/
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/
const DATE = /^\d{4}-\d{2}-\d{2}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Why a value cannot go into a column of this type, or null when it can. */
function typeProblem(column: ColumnInfo, value: unknown): string | null {
  if (value === null) {
    return column.nullable ? null : 'A value is required'
  }
  if (column.dataType === 'ARRAY') {
    if (!Array.isArray(value)) return 'Expected a list'
    for (const item of value) {
      const wrong = valueProblem(column.elementType ?? '', item)
      if (wrong) return `In the list: ${wrong.charAt(0).toLowerCase()}${wrong.slice(1)}`
    }
    return null
  }
  return valueProblem(column.dataType, value)
}

function valueProblem(type: string, value: unknown): string | null {
  switch (type) {
    case 'integer':
    case 'smallint':
    case 'int2':
    case 'int4':
      return Number.isInteger(value) ? null : 'Expected a whole number'
    case 'bigint':
    case 'int8':
      return Number.isInteger(value) || (typeof value === 'string' && INTEGER.test(value))
        ? null
        : 'Expected a whole number'
    case 'numeric':
    case 'real':
    case 'double precision':
    case 'float4':
    case 'float8':
      return typeof value === 'number' || (typeof value === 'string' && NUMBER.test(value))
        ? null
        : 'Expected a number'
    case 'boolean':
    case 'bool':
      return typeof value === 'boolean' ? null : 'Expected true or false'
    case 'text':
    case 'character varying':
    case 'character':
    case 'varchar':
    case 'USER-DEFINED':
      return typeof value === 'string' ? null : 'Expected text'
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : 'Expected a date (YYYY-MM-DD)'
    case 'timestamp with time zone':
    case 'timestamp without time zone':
    case 'timestamptz':
    case 'timestamp':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? null
        : 'Expected a timestamp (ISO 8601)'
    case 'uuid':
      return typeof value === 'string' && UUID.test(value) ? null : 'Expected a UUID'
    default:
      // json, jsonb and types this check does not know: PostgreSQL has the last word.
      return null
  }
}

/**
 * Every foreign key whose columns are all set must point at a row of the
 * document: the database after the import holds the document's rows only.
 */
function checkReferences(
  catalog: TableInfo[],
  documentTables: Map<string, BackupRow[]>,
  problems: ProblemList
) {
  const targets = new Map<string, Set<string>>()
  const targetKeys = (table: string, columns: string[]) => {
    const id = `${table}(${columns.join(',')})`
    let keys = targets.get(id)
    if (!keys) {
      keys = new Set(
        (documentTables.get(table) ?? []).map((row) =>
          canonicalJson(columns.map((column) => row?.[column] ?? null))
        )
      )
      targets.set(id, keys)
    }
    return keys
  }
  for (const table of catalog) {
    const rows = documentTables.get(table.name) ?? []
    for (const foreignKey of table.foreignKeys) {
      if (Object.hasOwn(TABLES_LEFT_OUT, foreignKey.references)) continue
      const keys = targetKeys(foreignKey.references, foreignKey.referencedColumns)
      rows.forEach((row, index) => {
        if (!row || typeof row !== 'object') return
        const values = foreignKey.columns.map((column) => row[column] ?? null)
        if (values.some((value) => value === null)) return
        if (!keys.has(canonicalJson(values))) {
          problems.add({
            table: table.name,
            row: rowLabel(table, row, index),
            column: foreignKey.columns.join(', '),
            message: `Refers to ${foreignKey.references} ${values.map((value) => JSON.stringify(value)).join(', ')}, which is not in the backup`,
          })
        }
      })
    }
  }
}

/** Added, updated, unchanged and removed rows of one table: the document against the database. */
async function compareTable(
  trx: TransactionClientContract,
  table: TableInfo,
  rows: BackupRow[]
): Promise<TableChanges> {
  const wanted = new Map<string, string>()
  for (const row of rows) {
    if (row && typeof row === 'object') wanted.set(keyOf(table, row), canonicalJson(row))
  }
  const changes = { added: 0, updated: 0, unchanged: 0, removed: 0 }
  const seen = new Set<string>()
  for await (const batch of readRows(trx, table)) {
    for (const row of batch) {
      const key = keyOf(table, row)
      const document = wanted.get(key)
      if (document === undefined) {
        changes.removed++
      } else {
        seen.add(key)
        if (document === canonicalJson(row)) changes.unchanged++
        else changes.updated++
      }
    }
  }
  changes.added = wanted.size - seen.size
  return changes
}

/**
 * The database becomes the document: every backed-up table emptied (the
 * rows a backup leaves out stay), children first, then filled, parents
 * first, with PostgreSQL turning the JSON values back into its types; then
 * every sequence moves past the highest restored id. A refusal from the
 * database (a unique index, a check) is recorded as a problem of its table.
 */
async function apply(
  trx: TransactionClientContract,
  catalog: TableInfo[],
  documentTables: Map<string, BackupRow[]>,
  problems: ProblemList,
  onProgress?: (line: string) => void
) {
  for (const table of [...catalog].reverse()) {
    const filter = rowsThatTravel(table.name)
    await trx.rawQuery(`delete from ${quoted(table.name)}${filter.sql}`, filter.bindings)
  }
  for (const table of catalog) {
    const rows = documentTables.get(table.name) ?? []
    if (rows.length > 0) {
      const columns = Object.keys(rows[0]).map(quoted).join(', ')
      for (let start = 0; start < rows.length; start += INSERT_BATCH_ROWS) {
        const batch = rows.slice(start, start + INSERT_BATCH_ROWS)
        try {
          await trx.rawQuery(
            `insert into ${quoted(table.name)} (${columns})
             select ${columns} from jsonb_populate_recordset(null::${quoted(table.name)}, ?::jsonb)`,
            [JSON.stringify(batch)]
          )
        } catch (error) {
          const failure = error as { message?: string; detail?: string }
          problems.add({
            table: table.name,
            message: `The database refused the rows: ${failure.detail ?? failure.message ?? String(error)}`,
          })
          return
        }
      }
    }
    onProgress?.(`Restored ${table.name}: ${rows.length} row(s)`)
  }
  for (const table of catalog) {
    for (const column of table.sequenceColumns) {
      await trx.rawQuery(
        `select setval(pg_get_serial_sequence(?, ?),
                       coalesce((select max(${quoted(column)}) from ${quoted(table.name)}), 0) + 1,
                       false)`,
        [quoted(table.name), column]
      )
    }
  }
}
