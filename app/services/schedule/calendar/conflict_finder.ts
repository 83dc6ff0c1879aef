import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { ResourceKind } from '#services/schedule/projects/roster_tables'
import {
  conflictStatement,
  type ConflictQuery,
} from '#services/schedule/calendar/conflict_statement'

export type { ConflictQuery }

export type Conflict = {
  kind: ResourceKind
  resourceId: number
  resourceName: string
  date: string
  projects: {
    id: number
    name: string
    color: string
    assignmentId: number
    statusId: number | null
  }[]
  /** Sorted ascending: the key a resolution is stored under. */
  projectIds: number[]
  resolution: null | {
    id: number
    note: string | null
    resolvedByName: string | null
    createdAt: string
  }
}

/**
 * The double bookings of spec 3, computed in one statement: a person booked
 * on two or more active projects on the same scheduled day, each with the
 * resolution that covers exactly that set of projects, if any. Everything
 * that shows conflicts (the conflicts view, the people calendar, the answers
 * of changes that can double-book someone) asks here, so they all agree.
 */
export class ConflictFinder {
  async find(query: ConflictQuery, trx?: TransactionClientContract): Promise<Conflict[]> {
    const { sql, bindings } = conflictStatement(query)
    const result = await (trx ?? db).rawQuery(sql, bindings)
    return result.rows.map((row: Record<string, any>): Conflict => ({
      kind: row.kind,
      resourceId: row.resource_id,
      resourceName: row.resource_name,
      date: row.date,
      projects: row.projects,
      projectIds: row.project_ids,
      resolution:
        row.resolution_id === null
          ? null
          : {
              id: row.resolution_id,
              note: row.resolution_note,
              resolvedByName: row.resolved_by_name,
              createdAt: new Date(row.resolved_at).toISOString(),
            },
    }))
  }
}
