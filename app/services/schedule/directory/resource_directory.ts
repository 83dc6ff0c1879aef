import { DateTime } from 'luxon'
import string from '@adonisjs/core/helpers/string'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LucidModel, LucidRow, ModelAttributes } from '@adonisjs/lucid/types/model'
import type AppUser from '#models/schedule/app_user'
import { ActivityLogger, changedFields } from '#services/schedule/activity/activity_logger'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'
import { containsPattern } from '#services/schedule/directory/search_pattern'

type DirectoryRow = LucidRow & { id: number; name: string; deletedAt: DateTime | null }

/** The model of a directory, whose queries answer `Row`s. */
type DirectoryModel<Row extends DirectoryRow> = LucidModel & (new () => Row)

/**
 * `search` finds any part of the searched columns; `starred` and every other
 * key (crewRoleId, regionId…) must match exactly.
 */
export type DirectoryFilter = {
  search?: string
  starred?: boolean
  [exactColumn: string]: string | number | boolean | undefined
}

/**
 * The behaviour crew, vendors and locations share (spec 3, section 3): a
 * list by name with filters, add, read, edit, and DELETE to the trash
 * (deleted_at). A record in the trash is invisible here: it reads 404 until
 * restored.
 */
export abstract class ResourceDirectory<
  Fields extends Partial<ModelAttributes<Row>>,
  Row extends DirectoryRow = DirectoryRow,
> {
  protected abstract model: DirectoryModel<Row>
  /** The activity log's entity type. */
  protected abstract entityType: string
  /** How a summary names one record: "crew member", "vendor". */
  protected abstract label: string
  protected abstract searchColumns: string[]

  constructor(protected activity = new ActivityLogger()) {}

  async list(filter: DirectoryFilter) {
    const { search, ...exact } = filter
    const query = this.model.query().whereNull('deleted_at').orderByRaw('lower(name)').orderBy('id')
    if (search) {
      const pattern = containsPattern(search)
      query.where((match) => {
        for (const column of this.searchColumns) {
          match.orWhereILike(column, pattern)
        }
      })
    }
    for (const [key, value] of Object.entries(exact)) {
      if (value !== undefined) {
        query.where(string.snakeCase(key), value)
      }
    }
    return await query
  }

  /** The active record, or 404. */
  async find(id: number, trx?: TransactionClientContract) {
    const query = this.model.query({ client: trx }).where('id', id).whereNull('deleted_at')
    const row = await (trx ? query.forUpdate() : query).first()
    if (!row) {
      throw new RecordNotFoundError(`${string.sentenceCase(this.label)} not found`)
    }
    return row
  }

  async create(fields: Fields & { name: string }, actor: AppUser) {
    return db.transaction(async (trx) => {
      const row = await this.model.create(fields, { client: trx })
      await this.activity.record(
        actor,
        {
          action: 'create',
          entityType: this.entityType,
          entityId: row.id,
          summary: `Added ${this.label} ${row.name}`,
        },
        trx
      )
      return row.refresh()
    })
  }

  async update(id: number, fields: Fields, actor: AppUser) {
    return db.transaction(async (trx) => {
      const row = await this.find(id, trx)
      const changes = changedFields(row.serialize(), fields)
      if (!changes) {
        return row
      }
      const previousName = row.name
      row.merge(fields)
      await row.save()
      await this.activity.recordEdit(
        actor,
        { entityType: this.entityType, label: this.label, record: row, previousName, changes },
        trx
      )
      return row
    })
  }

  /** Soft delete: the trash keeps it (and its bookings) for 30 days. */
  async trash(id: number, actor: AppUser) {
    await db.transaction(async (trx) => {
      const row = await this.find(id, trx)
      row.deletedAt = DateTime.now()
      await row.save()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: this.entityType,
          entityId: row.id,
          summary: `Moved ${this.label} ${row.name} to the trash`,
        },
        trx
      )
    })
  }
}
