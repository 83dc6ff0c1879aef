import { BaseTransformer } from '@adonisjs/core/transformers'
import Project from '#models/schedule/project'
import { TRASH_RETENTION_DAYS, type TrashedRecord } from '#services/schedule/trash/trash'

/**
 * Something in the trash (GET /api/trash/:type): purgeAt is when the cleanup
 * removes it; a project also carries its dates.
 */
export default class TrashItemTransformer extends BaseTransformer<TrashedRecord> {
  toObject() {
    const record = this.resource
    const deletedAt = record.deletedAt!
    return {
      id: record.id,
      name: record.name,
      deletedAt: deletedAt.toISO()!,
      purgeAt: deletedAt.plus({ days: TRASH_RETENTION_DAYS }).toISO()!,
      ...(record instanceof Project
        ? { startDate: record.startDate, endDate: record.endDate }
        : ({} as { startDate?: string; endDate?: string })),
    }
  }
}
