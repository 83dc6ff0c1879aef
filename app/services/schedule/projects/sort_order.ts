import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Gives each id its position in `ids` (1, 2, 3…) as its sort_order, in one
 * statement. The caller has checked that `ids` are the rows it means.
 */
export async function applyOrder(table: string, ids: number[], trx: TransactionClientContract) {
  await trx.rawQuery(
    `UPDATE ?? SET sort_order = o.position, updated_at = now()
       FROM unnest(?::int[]) WITH ORDINALITY AS o(id, position)
      WHERE ??.id = o.id`,
    [table, ids, table]
  )
}

/**
 * The sort_order after the last row matching `where`, so a new row goes to
 * the end. Two rows added at the same moment would read the same last place
 * and share it, so the list is locked (a transaction-scoped advisory lock
 * named after it) until the caller's transaction ends: the second waits and
 * then reads the first one's row.
 */
export async function nextSortOrder(
  table: string,
  trx: TransactionClientContract,
  where: Record<string, string | number> = {}
) {
  await trx.rawQuery('SELECT pg_advisory_xact_lock(hashtext(?))', [
    `sort_order:${table}:${JSON.stringify(where)}`,
  ])
  const row = await trx.from(table).where(where).max('sort_order as last').first()
  return Number(row?.last ?? 0) + 1
}

/** Whether a new order names every row of the list exactly once, and nothing else. */
export function namesEachOnce(ids: number[], rows: { id: number }[]) {
  const existing = new Set(rows.map((row) => row.id))
  return (
    ids.length === existing.size &&
    new Set(ids).size === ids.length &&
    ids.every((id) => existing.has(id))
  )
}
