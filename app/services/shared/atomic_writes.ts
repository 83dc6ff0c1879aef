import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Inserts `row`, or when a row with the same `key` exists, sets the columns
 * `row` gives on it, in one statement (INSERT … ON CONFLICT … DO UPDATE).
 * Reading first and then inserting or updating (Lucid's updateOrCreate)
 * lets two saves at the same moment both find nothing and both insert: the
 * second fails on the unique key. Here the second waits for the first and
 * then updates its row; columns `row` does not give keep their value.
 */
export async function upsert(
  table: string,
  key: string,
  row: Record<string, unknown>,
  client: TransactionClientContract | typeof db = db
) {
  const columns = Object.keys(row).filter((column) => column !== key)
  await client.insertQuery().table(table).insert(row).onConflict(key).merge(columns)
}

/**
 * Whether a write failed on a unique index: what a check-then-write race
 * ends in when another request took the value between the check and the
 * write. Callers answer it like the check would have.
 */
export function isUniqueViolation(error: unknown) {
  return (error as { code?: string } | null)?.code === '23505'
}
