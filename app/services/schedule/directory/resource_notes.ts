import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type AppUser from '#models/schedule/app_user'
import ResourceNote, { type NotedResource } from '#models/schedule/resource_note'
import { ActivityLogger, changedFields } from '#services/schedule/activity/activity_logger'
import { RecordNotFoundError, invalidField } from '#services/schedule/directory/record_errors'

/** Where each kind of noted record lives, and how a summary names it. */
export const NOTED_RESOURCES = {
  crew: { table: 'crews', label: 'crew member' },
  vendor: { table: 'vendors', label: 'vendor' },
  location: { table: 'locations', label: 'location' },
} as const satisfies Record<NotedResource, { table: string; label: string }>

type NotedRecord = { resourceType: NotedResource; resourceId: number }

/**
 * Staff notes about a crew member, vendor or location (spec 3,
 * resource_notes). Notes follow their record into the trash: while it is
 * there they cannot be read or changed.
 */
@inject()
export class ResourceNotes {
  constructor(protected activity: ActivityLogger) {}

  /** Pinned first, then newest. The validator checked the record is active. */
  list({ resourceType, resourceId }: NotedRecord) {
    return ResourceNote.query()
      .where({ resource_type: resourceType, resource_id: resourceId })
      .orderBy('pinned', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
  }

  async create(fields: NotedRecord & { body: string; pinned?: boolean }, actor: AppUser) {
    return db.transaction(async (trx) => {
      const noted = await this.describe(fields, trx)
      if (!noted) {
        // The validator saw it active; it went to the trash since.
        throw invalidField('resourceId', 'The selected resourceId is invalid', 'database.exists')
      }
      const note = await ResourceNote.create(
        { ...fields, authorId: actor.id, authorName: actor.displayName },
        { client: trx }
      )
      await this.activity.record(
        actor,
        {
          action: 'create',
          entityType: 'resource_note',
          entityId: note.id,
          summary: `Added a note to ${noted}`,
        },
        trx
      )
      return note.refresh()
    })
  }

  async update(id: number, fields: { body?: string; pinned?: boolean }, actor: AppUser) {
    return db.transaction(async (trx) => {
      const { note, noted } = await this.find(id, trx)
      const changes = changedFields(note.serialize(), fields)
      if (!changes) {
        return note
      }
      await note.merge(fields).save()
      let summary = `Edited a note on ${noted}`
      if (changes.pinned && !changes.body) {
        summary = `${note.pinned ? 'Pinned' : 'Unpinned'} a note on ${noted}`
      }
      await this.activity.record(
        actor,
        { action: 'update', entityType: 'resource_note', entityId: note.id, summary, changes },
        trx
      )
      return note
    })
  }

  async delete(id: number, actor: AppUser) {
    await db.transaction(async (trx) => {
      const { note, noted } = await this.find(id, trx)
      await note.delete()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: 'resource_note',
          entityId: id,
          summary: `Deleted a note on ${noted}`,
        },
        trx
      )
    })
  }

  protected async find(id: number, trx: TransactionClientContract) {
    const note = await ResourceNote.query({ client: trx }).where('id', id).forUpdate().first()
    const noted = note && (await this.describe(note, trx))
    if (!note || !noted) {
      throw new RecordNotFoundError('Note not found')
    }
    return { note, noted }
  }

  /** "crew member Jane Doe", for summaries; null when the record is gone or in the trash. */
  protected async describe(
    { resourceType, resourceId }: NotedRecord,
    trx: TransactionClientContract
  ) {
    const { table, label } = NOTED_RESOURCES[resourceType]
    const record = await trx
      .from(table)
      .where('id', resourceId)
      .whereNull('deleted_at')
      .select('name')
      .first()
    return record ? `${label} ${record.name}` : null
  }
}
