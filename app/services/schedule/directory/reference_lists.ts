import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type AppUser from '#models/schedule/app_user'
import Status from '#models/schedule/status'
import ProjectStatus from '#models/schedule/project_status'
import CrewRole from '#models/schedule/crew_role'
import VendorType from '#models/schedule/vendor_type'
import LocationType from '#models/schedule/location_type'
import Region from '#models/schedule/region'
import ActivityType from '#models/schedule/activity_type'
import { ActivityLogger, changedFields } from '#services/schedule/activity/activity_logger'
import {
  DuplicateRecordError,
  RecordNotFoundError,
  invalidField,
} from '#services/schedule/directory/record_errors'
import { isUniqueViolation } from '#services/shared/atomic_writes'
import { applyOrder, nextSortOrder } from '#services/schedule/projects/sort_order'

type ReferenceList = {
  model: LucidModel
  entityType: string
  /** How the activity log names one entry and the whole list. */
  singular: string
  plural: string
  /** At most one row is the default: setting one clears the others. */
  exclusiveDefault: boolean
}

/** The lists people pick from, by their path prefix under /api. */
export const REFERENCE_LISTS = {
  'statuses': {
    model: Status,
    entityType: 'status',
    singular: 'status',
    plural: 'statuses',
    exclusiveDefault: true,
  },
  'project-statuses': {
    model: ProjectStatus,
    entityType: 'project_status',
    singular: 'project status',
    plural: 'project statuses',
    exclusiveDefault: true,
  },
  'crew-roles': {
    model: CrewRole,
    entityType: 'crew_role',
    singular: 'crew role',
    plural: 'crew roles',
    exclusiveDefault: false,
  },
  'vendor-types': {
    model: VendorType,
    entityType: 'vendor_type',
    singular: 'vendor type',
    plural: 'vendor types',
    exclusiveDefault: false,
  },
  'location-types': {
    model: LocationType,
    entityType: 'location_type',
    singular: 'location type',
    plural: 'location types',
    exclusiveDefault: false,
  },
  'regions': {
    model: Region,
    entityType: 'region',
    singular: 'region',
    plural: 'regions',
    exclusiveDefault: false,
  },
  'activity-types': {
    model: ActivityType,
    entityType: 'activity_type',
    singular: 'activity type',
    plural: 'activity types',
    exclusiveDefault: false,
  },
} satisfies Record<string, ReferenceList>

export type ReferenceListName = keyof typeof REFERENCE_LISTS

export const REFERENCE_LIST_NAMES = Object.keys(REFERENCE_LISTS) as ReferenceListName[]

/** An entry of the list `Name` (of any list when not given): a Status, a Region… */
export type ReferenceListRow<Name extends ReferenceListName = ReferenceListName> = InstanceType<
  (typeof REFERENCE_LISTS)[Name]['model']
>

/** The fields of any list; each list's validator admits only its own. */
export type ReferenceFields = {
  name?: string
  icon?: string | null
  color?: string | null
  sortOrder?: number
  booksPerson?: boolean
  isDefault?: boolean
}

type ReferenceRow = LucidRow & { id: number; name: string }

/**
 * Statuses, project statuses, crew roles, vendor and location types,
 * regions and activity types (spec 3, section 2): one behaviour for seven small lists, each
 * ordered by sortOrder then name, with names unique regardless of case.
 * Deleting an entry leaves what used it without one (the foreign keys set
 * null).
 */
@inject()
export class ReferenceLists {
  constructor(protected activity: ActivityLogger) {}

  async list<Name extends ReferenceListName>(name: Name, trx?: TransactionClientContract) {
    const rows = await REFERENCE_LISTS[name].model
      .query(trx ? { client: trx } : undefined)
      .orderBy('sort_order')
      .orderBy('name')
      .orderBy('id')
    // One query for six models: TypeScript cannot tie the model to `name`.
    return rows as ReferenceListRow<Name>[]
  }

  create(
    name: ReferenceListName,
    fields: ReferenceFields & { name: string },
    actor: AppUser | null
  ) {
    const list = REFERENCE_LISTS[name]
    return this.saving(list, async (trx) => {
      await this.ensureNameFree(list, fields.name, null, trx)
      if (fields.isDefault) {
        await this.clearDefault(list, null, trx)
      }
      const sortOrder = fields.sortOrder ?? (await nextSortOrder(list.model.table, trx))
      const row = (await list.model.create(
        { ...fields, sortOrder },
        { client: trx }
      )) as ReferenceRow
      await this.activity.record(
        actor,
        {
          action: 'create',
          entityType: list.entityType,
          entityId: row.id,
          summary: `Added ${list.singular} ${row.name}`,
        },
        trx
      )
      // The columns left to their database defaults (colour, booksPerson…).
      return (await row.refresh()) as ReferenceListRow
    })
  }

  update(name: ReferenceListName, id: number, fields: ReferenceFields, actor: AppUser | null) {
    const list = REFERENCE_LISTS[name]
    return this.saving(list, async (trx) => {
      const row = await this.find(list, id, trx)
      if (fields.name !== undefined) {
        await this.ensureNameFree(list, fields.name, row.id, trx)
      }
      if (fields.isDefault) {
        await this.clearDefault(list, row.id, trx)
      }
      const changes = changedFields(row.serialize(), fields)
      if (!changes) {
        return row as ReferenceListRow
      }
      const previousName = row.name
      row.merge(fields)
      await row.save()
      await this.activity.recordEdit(
        actor,
        { entityType: list.entityType, label: list.singular, record: row, previousName, changes },
        trx
      )
      return row as ReferenceListRow
    })
  }

  async delete(name: ReferenceListName, id: number, actor: AppUser | null) {
    const list = REFERENCE_LISTS[name]
    await db.transaction(async (trx) => {
      const row = await this.find(list, id, trx)
      await row.delete()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: list.entityType,
          entityId: row.id,
          summary: `Deleted ${list.singular} ${row.name}`,
        },
        trx
      )
    })
  }

  /** `ids` names every entry once, in the new order. */
  async reorder(name: ReferenceListName, ids: number[], actor: AppUser | null) {
    const list = REFERENCE_LISTS[name]
    return db.transaction(async (trx) => {
      const rows = await trx.from(list.model.table).select('id').forUpdate()
      const existing = new Set(rows.map((row: { id: number }) => row.id))
      const sameSet =
        ids.length === existing.size &&
        new Set(ids).size === ids.length &&
        ids.every((id) => existing.has(id))
      if (!sameSet) {
        throw invalidField('ids', `List every ${list.singular} exactly once`, 'order')
      }
      await applyOrder(list.model.table, ids, trx)
      await this.activity.record(
        actor,
        {
          action: 'reorder',
          entityType: list.entityType,
          entityId: null,
          summary: `Reordered ${list.plural}`,
        },
        trx
      )
      return this.list(name, trx)
    })
  }

  /** Runs a change in a transaction; a unique index that beats our own check is a 409 too. */
  protected async saving<T>(
    list: ReferenceList,
    change: (trx: TransactionClientContract) => Promise<T>
  ) {
    try {
      return await db.transaction(change)
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DuplicateRecordError(
          `${withArticle(list.singular)} with this name already exists`
        )
      }
      throw error
    }
  }

  protected async find(list: ReferenceList, id: number, trx: TransactionClientContract) {
    const row = await list.model.query({ client: trx }).where('id', id).forUpdate().first()
    if (!row) {
      throw new RecordNotFoundError(`${capitalised(list.singular)} not found`)
    }
    return row as ReferenceRow
  }

  protected async ensureNameFree(
    list: ReferenceList,
    name: string,
    exceptId: number | null,
    trx: TransactionClientContract
  ) {
    const query = trx.from(list.model.table).whereRaw('lower(name) = lower(?)', [name])
    if (exceptId !== null) {
      query.whereNot('id', exceptId)
    }
    if (await query.first()) {
      throw new DuplicateRecordError(`${withArticle(list.singular)} named "${name}" already exists`)
    }
  }

  protected async clearDefault(
    list: ReferenceList,
    exceptId: number | null,
    trx: TransactionClientContract
  ) {
    const query = trx.from(list.model.table).where('is_default', true)
    if (exceptId !== null) {
      query.whereNot('id', exceptId)
    }
    await query.update({ is_default: false, updated_at: new Date() })
  }
}

/** "A region", "An activity type". */
function withArticle(text: string) {
  return `${/^[aeiou]/i.test(text) ? 'An' : 'A'} ${text}`
}

function capitalised(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
