import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  SETTING_DEFINITIONS,
  TASKBOARD_SETTING_KEYS,
} from '#services/schedule/settings/schedule_settings'

type Client = QueryClientContract | TransactionClientContract

/*
 * Tables of schedule's database that are not scheduling data and must not
 * travel in a backup, with the reason. Everything else in the app's schema
 * is backed up, so a table added by a later migration is included without
 * editing this file. pg-boss keeps its tables in its own schema (config/jobs.ts),
 * outside the one read here.
 */
export const TABLES_LEFT_OUT: Record<string, string> = {
  adonis_schema: 'migration bookkeeping: the target database has its own migrations',
  adonis_schema_versions: 'migration bookkeeping',
  session: 'sign-in sessions: restoring them would sign people back in',
  pending_auth_codes: 'one-time sign-in codes, valid for 60 seconds',
  rate_limits: 'rate-limit counters',
  mail_queue: 'mail waiting to be sent: restoring it would send it again',
}

/*
 * Rows that stay out of a backup inside a table that travels: secret
 * settings (`backup_secret` and any setting declared secret, and the
 * taskboard webhook's signing secret).
 * A backup carrying the secret that downloads it would hand the secret to
 * anyone who reads a backup file. An import leaves these rows as they are.
 */
export const ROWS_LEFT_OUT: Record<string, { column: string; values: string[] }> = {
  app_settings: {
    column: 'key',
    values: [
      ...Object.entries(SETTING_DEFINITIONS)
        .filter(([, definition]) => definition.secret)
        .map(([key]) => key),
      TASKBOARD_SETTING_KEYS.secret,
    ],
  },
}

export type ColumnInfo = {
  name: string
  /** information_schema's data_type: 'integer', 'text', 'ARRAY', 'timestamp with time zone', … */
  dataType: string
  /** The element type of an array (udt_name without its leading underscore). */
  elementType: string | null
  nullable: boolean
  hasDefault: boolean
}

export type ForeignKey = { columns: string[]; references: string; referencedColumns: string[] }

export type TableInfo = {
  name: string
  columns: ColumnInfo[]
  primaryKey: string[]
  foreignKeys: ForeignKey[]
  /** Columns filled by a sequence (serial ids), to move past the restored ids. */
  sequenceColumns: string[]
}

/**
 * The backed-up tables of schedule's database as the catalog describes them
 * now, in foreign-key order (a table after every table it references).
 */
export async function readCatalog(client: Client): Promise<TableInfo[]> {
  // One after another: in a transaction they share one connection.
  const tables = await client.rawQuery(
    `select c.relname as name from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p')`
  )
  const columns = await client.rawQuery(
    `select table_name, column_name, data_type, udt_name, is_nullable, column_default,
              is_identity
         from information_schema.columns
        where table_schema = current_schema()
        order by table_name, ordinal_position`
  )
  const keys = await client.rawQuery(
    `select c.relname as table_name, a.attname as column_name
         from pg_index i
         join pg_class c on c.oid = i.indrelid
         join pg_namespace n on n.oid = c.relnamespace
         cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
         join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where i.indisprimary and n.nspname = current_schema()
        order by c.relname, k.position`
  )
  const foreignKeys = await client.rawQuery(
    `select con.conname as name, c.relname as table_name, r.relname as referenced_table,
              a.attname as column_name, ra.attname as referenced_column
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid
         join pg_class r on r.oid = con.confrelid
         join pg_namespace n on n.oid = c.relnamespace
         cross join lateral unnest(con.conkey, con.confkey) with ordinality as k(attnum, refnum, position)
         join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
         join pg_attribute ra on ra.attrelid = r.oid and ra.attnum = k.refnum
        where con.contype = 'f' and n.nspname = current_schema()
        order by con.conname, k.position`
  )

  const byName = new Map<string, TableInfo>()
  for (const { name } of tables.rows as { name: string }[]) {
    if (!Object.hasOwn(TABLES_LEFT_OUT, name)) {
      byName.set(name, { name, columns: [], primaryKey: [], foreignKeys: [], sequenceColumns: [] })
    }
  }
  for (const row of columns.rows) {
    const table = byName.get(row.table_name)
    if (!table) continue
    table.columns.push({
      name: row.column_name,
      dataType: row.data_type,
      elementType: row.data_type === 'ARRAY' ? String(row.udt_name).replace(/^_/, '') : null,
      nullable: row.is_nullable === 'YES',
      hasDefault: row.column_default !== null || row.is_identity === 'YES',
    })
    if (row.is_identity === 'YES' || String(row.column_default ?? '').startsWith('nextval(')) {
      table.sequenceColumns.push(row.column_name)
    }
  }
  for (const row of keys.rows) {
    byName.get(row.table_name)?.primaryKey.push(row.column_name)
  }
  const constraints = new Map<string, ForeignKey & { table: string }>()
  for (const row of foreignKeys.rows) {
    const key = `${row.table_name}.${row.name}`
    let constraint = constraints.get(key)
    if (!constraint) {
      constraint = {
        table: row.table_name,
        columns: [],
        references: row.referenced_table,
        referencedColumns: [],
      }
      constraints.set(key, constraint)
    }
    constraint.columns.push(row.column_name)
    constraint.referencedColumns.push(row.referenced_column)
  }
  for (const { table, ...foreignKey } of constraints.values()) {
    byName.get(table)?.foreignKeys.push(foreignKey)
  }
  return inForeignKeyOrder([...byName.values()])
}

/**
 * Topological order: every table after the tables it references, ties by
 * name so the order is the same on every run. A reference to the table
 * itself does not constrain the order; tables in a cycle (none today) follow
 * by name after the rest, and the database refuses an import it cannot apply.
 */
export function inForeignKeyOrder(tables: TableInfo[]): TableInfo[] {
  const names = new Set(tables.map((table) => table.name))
  const waitingOn = new Map(
    tables.map((table) => [
      table.name,
      new Set(
        table.foreignKeys
          .map((key) => key.references)
          .filter((name) => name !== table.name && names.has(name))
      ),
    ])
  )
  const ordered: TableInfo[] = []
  const remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name))
  while (remaining.length > 0) {
    const index = remaining.findIndex((table) => waitingOn.get(table.name)!.size === 0)
    const [next] = remaining.splice(index === -1 ? 0 : index, 1)
    ordered.push(next)
    for (const waiting of waitingOn.values()) waiting.delete(next.name)
  }
  return ordered
}

/** SQL text of a quoted identifier. */
export function quoted(name: string) {
  return `"${name.replaceAll('"', '""')}"`
}

/** A `where` clause (with its bindings) that keeps the rows a backup leaves out of `table` out. */
export function rowsThatTravel(table: string): { sql: string; bindings: string[] } {
  const leftOut = ROWS_LEFT_OUT[table]
  if (!leftOut || leftOut.values.length === 0) {
    return { sql: '', bindings: [] }
  }
  return {
    sql: ` where ${quoted(leftOut.column)} not in (${leftOut.values.map(() => '?').join(', ')})`,
    bindings: leftOut.values,
  }
}
