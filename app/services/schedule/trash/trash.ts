import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type AppUser from '#models/schedule/app_user'
import Project from '#models/schedule/project'
import Crew from '#models/schedule/crew'
import Vendor from '#models/schedule/vendor'
import Location from '#models/schedule/location'
import ResourceNote from '#models/schedule/resource_note'
import PublicShareLink from '#models/schedule/public_share_link'
import CalendarFeed from '#models/schedule/calendar_feed'
import ConflictResolution from '#models/schedule/conflict_resolution'
import { ActivityLogger } from '#services/schedule/activity/activity_logger'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'
import { LocationPhotos } from '#services/schedule/locations/location_photos'

/** Spec 3, section 8: an item stays in the trash this long before the cleanup removes it. */
export const TRASH_RETENTION_DAYS = 30

export const TRASH_TYPES = ['projects', 'crew', 'vendors', 'locations'] as const
export type TrashType = (typeof TRASH_TYPES)[number]

export type TrashCounts = Record<TrashType, number>

export type TrashedRecord = Project | Crew | Vendor | Location

/*
 * What each kind of trashed item is, and which rows point at it without a
 * foreign key (resource notes, share links, calendar feeds and conflict
 * resolutions name their resource by type and id). Rosters, day notes, tasks, day info and
 * crew-vendor links go by their foreign keys' ON DELETE CASCADE.
 */
const KINDS = {
  projects: {
    model: Project,
    entityType: 'project',
    noun: 'project',
    shared: 'project',
    noted: null,
    booked: null,
  },
  crew: {
    model: Crew,
    entityType: 'crew',
    noun: 'crew member',
    shared: 'crew',
    noted: 'crew',
    booked: 'crew',
  },
  vendors: {
    model: Vendor,
    entityType: 'vendor',
    noun: 'vendor',
    shared: 'vendor',
    noted: 'vendor',
    booked: 'vendor',
  },
  locations: {
    model: Location,
    entityType: 'location',
    noun: 'location',
    shared: null,
    noted: 'location',
    booked: null,
  },
} as const

export class UnknownTrashTypeError extends RecordNotFoundError {
  constructor() {
    super('Unknown trash type')
  }
}

export function isTrashType(type: string): type is TrashType {
  return (TRASH_TYPES as readonly string[]).includes(type)
}

/*
 * Key of the advisory lock under which one instance at a time runs the
 * cleanup ("schedule" and "trash" as two 32-bit halves).
 */
const LOCK_CLASS = 0x7363_6864
const LOCK_OBJECT = 0x7472_7368

/**
 * The trash of spec 3, section 3: soft-deleted projects, crew, vendors and
 * locations can be listed, restored, removed for good by an admin, and are
 * removed by the cleanup 30 days after their deletion. A removal takes every
 * row that belongs to the item with it, in one transaction.
 */
@inject()
export class Trash {
  constructor(protected activity: ActivityLogger) {}

  /** Newest deletion first (TrashItemTransformer shapes what a person sees). */
  async list(type: string): Promise<TrashedRecord[]> {
    const kind = this.kindOf(type)
    return kind.model
      .query()
      .withScopes((scopes) => scopes.trashed())
      .orderBy('deleted_at', 'desc')
      .orderBy('id', 'desc')
  }

  async restore(actor: AppUser | null, type: string, id: number) {
    const kind = this.kindOf(type)
    await db.transaction(async (trx) => {
      const record = await this.trashedRecord(trx, type, id)
      record.deletedAt = null
      await record.useTransaction(trx).save()
      await this.activity.record(
        actor,
        {
          action: 'restore',
          entityType: kind.entityType,
          entityId: record.id,
          projectId: record instanceof Project ? record.id : null,
          summary: `Restored the ${kind.noun} ${record.name} from the trash`,
        },
        trx
      )
    })
  }

  /** Removes one trashed item for good (DELETE /api/trash/:type/:id, admins). */
  async purge(actor: AppUser | null, type: string, id: number) {
    const kind = this.kindOf(type)
    await db.transaction(async (trx) => {
      const record = await this.trashedRecord(trx, type, id)
      await this.remove(trx, type as TrashType, [record.id])
      await this.activity.record(
        actor,
        {
          action: 'purge',
          entityType: kind.entityType,
          entityId: record.id,
          summary: `Removed the ${kind.noun} ${record.name} from the trash for good`,
        },
        trx
      )
    })
  }

  /**
   * Removes everything deleted more than 30 days ago, type by type, in one
   * transaction that holds an advisory lock, so two instances never run it at
   * once. `wait: false` (the timer) gives up when another instance holds the
   * lock (`ran: false`); an operator's call waits for it and then finds
   * whatever is left.
   */
  async cleanup({ actor = null, wait = true }: { actor?: AppUser | null; wait?: boolean } = {}) {
    return db.transaction(async (trx) => {
      const removed: TrashCounts = { projects: 0, crew: 0, vendors: 0, locations: 0 }
      if (wait) {
        await trx.rawQuery('select pg_advisory_xact_lock(?, ?)', [LOCK_CLASS, LOCK_OBJECT])
      } else {
        const result = await trx.rawQuery('select pg_try_advisory_xact_lock(?, ?) as locked', [
          LOCK_CLASS,
          LOCK_OBJECT,
        ])
        if (!result.rows[0].locked) {
          return { ran: false, removed }
        }
      }
      for (const type of TRASH_TYPES) {
        const kind = KINDS[type]
        const expired = await this.expiredOf(type, trx)
        if (expired.length === 0) {
          continue
        }
        await this.remove(
          trx,
          type,
          expired.map((record) => record.id)
        )
        for (const record of expired) {
          await this.activity.record(
            actor,
            {
              action: 'purge',
              entityType: kind.entityType,
              entityId: record.id,
              summary: `Removed the ${kind.noun} ${record.name}, ${TRASH_RETENTION_DAYS} days after it went to the trash`,
            },
            trx
          )
        }
        removed[type] = expired.length
      }
      return { ran: true, removed }
    })
  }

  /**
   * What the cleanup would remove now, by type, changing nothing (an
   * operator's `schedule:trash:cleanup --dry-run`).
   */
  async expired() {
    const expired = {} as Record<TrashType, TrashedRecord[]>
    for (const type of TRASH_TYPES) {
      expired[type] = await this.expiredOf(type)
    }
    return expired
  }

  /** The items of one type deleted more than TRASH_RETENTION_DAYS ago; locked inside `trx`. */
  protected async expiredOf(type: TrashType, trx?: TransactionClientContract) {
    const cutoff = DateTime.now().minus({ days: TRASH_RETENTION_DAYS })
    const query = KINDS[type].model
      .query(trx ? { client: trx } : undefined)
      .where('deleted_at', '<', cutoff.toJSDate())
      .orderBy('deleted_at')
      .orderBy('id')
    const expired: TrashedRecord[] = await (trx ? query.forUpdate() : query)
    return expired
  }

  protected kindOf(type: string) {
    if (!isTrashType(type)) {
      throw new UnknownTrashTypeError()
    }
    return KINDS[type]
  }

  /** The item, locked, if it is in the trash; an active or unknown one is a 404. */
  protected async trashedRecord(trx: TransactionClientContract, type: string, id: number) {
    const kind = this.kindOf(type)
    const record: TrashedRecord | null = await kind.model
      .query({ client: trx })
      .withScopes((scopes) => scopes.trashed())
      .where('id', id)
      .forUpdate()
      .first()
    if (!record) {
      throw new RecordNotFoundError('Not in the trash')
    }
    return record
  }

  /** Deletes the items and the rows that name them without a foreign key. */
  protected async remove(trx: TransactionClientContract, type: TrashType, ids: number[]) {
    const kind = KINDS[type]
    if (kind.shared) {
      await PublicShareLink.query({ client: trx })
        .where('resource_type', kind.shared)
        .whereIn('resource_id', ids)
        .delete()
    }
    if (kind.noted) {
      await ResourceNote.query({ client: trx })
        .where('resource_type', kind.noted)
        .whereIn('resource_id', ids)
        .delete()
    }
    if (kind.booked) {
      await CalendarFeed.query({ client: trx })
        .where('resource_type', kind.booked)
        .whereIn('resource_id', ids)
        .delete()
      await ConflictResolution.query({ client: trx })
        .where('resource_type', kind.booked)
        .whereIn('resource_id', ids)
        .delete()
    }
    if (type === 'projects') {
      // A resolution covers a set of projects; without one of them it describes nothing.
      await ConflictResolution.query({ client: trx })
        .whereRaw('project_ids && ?::integer[]', [ids])
        .delete()
    }
    if (type === 'locations') {
      // Photo rows go by ON DELETE CASCADE; their files once this commits.
      await new LocationPhotos().removeFilesWith(trx, ids)
    }
    await kind.model.query({ client: trx }).whereIn('id', ids).delete()
  }
}
