import type { DateTime } from 'luxon'

/**
 * The trash-aware directory records' timestamps as the API has always shown
 * them (Lucid's serialize): ISO 8601, null when unset.
 */
export function timestamps(row: {
  deletedAt: DateTime | null
  createdAt: DateTime
  updatedAt: DateTime | null
}) {
  return {
    deletedAt: row.deletedAt?.toISO() ?? null,
    createdAt: row.createdAt.toISO()!,
    updatedAt: row.updatedAt?.toISO() ?? null,
  }
}
