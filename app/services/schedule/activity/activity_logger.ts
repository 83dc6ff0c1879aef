import app from '@adonisjs/core/services/app'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type AppUser from '#models/schedule/app_user'
import ActivityLog from '#models/schedule/activity_log'
import { CalendarSyncQueue } from '#services/schedule/calendar_sync/calendar_sync_queue'

export type ActivityAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'restore'
  | 'purge'
  | 'assign'
  | 'unassign'
  | 'move'
  | 'reorder'
  | 'resolve'
  | 'unresolve'

export type ActivityEntry = {
  action: ActivityAction
  /** 'project', 'crew', 'vendor', 'location', 'project_crew', 'status', 'share_link'… */
  entityType: string
  entityId: string | number | null
  /** Set for anything that belongs to a project, so its page can show it. */
  projectId?: number | null
  /** One readable line: "Moved Jane Doe from 3 May to 4 May". */
  summary: string
  changes?: Record<string, { from: unknown; to: unknown }> | null
}

/**
 * The fields that differ between `before` and `after`, as { from, to }, for
 * an activity entry; null when nothing changed.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>
): Record<string, { from: unknown; to: unknown }> | null {
  const changes: Record<string, { from: unknown; to: unknown }> = {}
  for (const key of Object.keys(after)) {
    const from = before[key] ?? null
    const to = after[key] ?? null
    if (JSON.stringify(from) !== JSON.stringify(to)) {
      changes[key] = { from, to }
    }
  }
  return Object.keys(changes).length > 0 ? changes : null
}

/**
 * The activity log of spec 3: every change to scheduling data writes one
 * entry, in the same transaction as the change when there is one, so the
 * log never claims a change that was rolled back.
 */
export class ActivityLogger {
  async record(actor: AppUser | null, entry: ActivityEntry, trx?: TransactionClientContract) {
    /*
     * Every change that belongs to a project is logged here with its id, in
     * the change's transaction: the one place no path of change can miss,
     * so it is where the project's calendar sync is queued.
     */
    if (entry.projectId) {
      const calendarSync = await app.container.make(CalendarSyncQueue)
      await calendarSync.projectChanged(entry.projectId, trx)
    }
    return ActivityLog.create(
      {
        actorId: actor?.id ?? null,
        actorName: actor?.displayName ?? null,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId === null ? null : String(entry.entityId),
        projectId: entry.projectId ?? null,
        summary: entry.summary,
        changes: entry.changes ?? null,
      },
      trx ? { client: trx } : undefined
    )
  }

  /**
   * An edit of a named record: "Renamed crew member Jo to Joanne" when the
   * name changed, otherwise "Updated crew member Joanne".
   */
  recordEdit(
    actor: AppUser | null,
    edit: {
      entityType: string
      label: string
      record: { id: number; name: string }
      previousName: string
      changes: Record<string, { from: unknown; to: unknown }>
    },
    trx?: TransactionClientContract
  ) {
    const { entityType, label, record, previousName, changes } = edit
    return this.record(
      actor,
      {
        action: 'update',
        entityType,
        entityId: record.id,
        summary: changes.name
          ? `Renamed ${label} ${previousName} to ${record.name}`
          : `Updated ${label} ${record.name}`,
        changes,
      },
      trx
    )
  }
}
