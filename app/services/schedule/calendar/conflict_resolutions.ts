import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type AppUser from '#models/schedule/app_user'
import ConflictResolution from '#models/schedule/conflict_resolution'
import { ActivityLogger } from '#services/schedule/activity/activity_logger'
import { ConflictFinder } from '#services/schedule/calendar/conflict_finder'
import { addDays, daysBetween, formatDay, today } from '#services/schedule/projects/project_days'
import { ROSTER_TABLES, type ResourceKind } from '#services/schedule/projects/project_records'
import {
  DuplicateRecordError,
  RecordNotFoundError,
  invalidField,
} from '#services/schedule/directory/record_errors'
import { isUniqueViolation } from '#services/shared/atomic_writes'
import { MAX_RANGE_DAYS } from '#validators/schedule/calendar_validators'
import { serializer } from '#services/shared/serialize'
import ConflictResolutionTransformer from '#transformers/schedule/conflict_resolution_transformer'

const ALREADY_RESOLVED = 'This conflict is already resolved'

/**
 * The range of a conflicts query: from today and a year on unless given,
 * never backwards and never longer than MAX_RANGE_DAYS.
 */
export function conflictRange(from?: string, to?: string) {
  const start = from ?? today()
  const end = to ?? addDays(start, 365)
  if (end < start) {
    throw invalidField('to', 'The to field must not be before from', 'rangeOrder')
  }
  if (daysBetween(start, end) > MAX_RANGE_DAYS) {
    throw invalidField(
      'to',
      `The range from from to to must not exceed ${MAX_RANGE_DAYS} days`,
      'rangeLength'
    )
  }
  return { from: start, to: end }
}

/**
 * Conflicts someone looked at and accepted (spec 3, conflict_resolutions).
 * A resolution covers exactly one set of projects on one day for one person;
 * when that set changes (a third booking) the conflict is open again.
 */
@inject()
export class ConflictResolutions {
  constructor(
    protected activity: ActivityLogger,
    protected conflictFinder: ConflictFinder
  ) {}

  async list(from?: string, to?: string) {
    const range = conflictRange(from, to)
    const resolutions = await ConflictResolution.query()
      .whereBetween('date', [range.from, range.to])
      .orderBy('date')
      .orderBy('id')
    return serializer.serialize(ConflictResolutionTransformer.transform(resolutions))
  }

  async resolve(
    actor: AppUser,
    input: {
      kind: ResourceKind
      resourceId: number
      date: string
      projectIds: number[]
      note?: string | null
    }
  ) {
    const projectIds = [...new Set(input.projectIds)].sort((a, b) => a - b)
    const onThatDay = await this.conflictFinder.find({
      from: input.date,
      to: input.date,
      resource: { kind: input.kind, id: input.resourceId },
      includeResolved: true,
    })
    const conflict = onThatDay.find(
      (candidate) => candidate.projectIds.join() === projectIds.join()
    )
    if (!conflict) {
      throw invalidField('projectIds', 'These bookings are not a current conflict', 'conflict')
    }
    if (conflict.resolution) {
      throw new DuplicateRecordError(ALREADY_RESOLVED)
    }
    try {
      return await db.transaction(async (trx) => {
        const resolution = await ConflictResolution.create(
          {
            resourceType: input.kind,
            resourceId: input.resourceId,
            date: input.date,
            projectIds,
            note: input.note || null,
            resolvedBy: actor.id,
            resolvedByName: actor.displayName,
          },
          { client: trx }
        )
        await this.activity.record(
          actor,
          {
            action: 'resolve',
            entityType: 'conflict_resolution',
            entityId: resolution.id,
            summary: `Marked ${conflict.resourceName}'s double booking on ${formatDay(input.date)} (${conflict.projects.map((project) => `"${project.name}"`).join(', ')}) as resolved`,
            changes: {
              projectIds: { from: null, to: projectIds },
              note: { from: null, to: resolution.note },
            },
          },
          trx
        )
        return serializer.serialize(ConflictResolutionTransformer.transform(resolution))
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DuplicateRecordError(ALREADY_RESOLVED)
      }
      throw error
    }
  }

  async remove(actor: AppUser, id: number) {
    await db.transaction(async (trx) => {
      const resolution = await ConflictResolution.find(id, { client: trx })
      if (!resolution) {
        throw new RecordNotFoundError('Conflict resolution not found')
      }
      const person = await trx
        .from(ROSTER_TABLES[resolution.resourceType].people)
        .where('id', resolution.resourceId)
        .select('name')
        .first()
      await resolution.delete()
      await this.activity.record(
        actor,
        {
          action: 'unresolve',
          entityType: 'conflict_resolution',
          entityId: resolution.id,
          summary: `Reopened ${person?.name ?? 'a removed person'}'s double booking on ${formatDay(resolution.date)}`,
          changes: { projectIds: { from: resolution.projectIds, to: null } },
        },
        trx
      )
    })
  }
}
