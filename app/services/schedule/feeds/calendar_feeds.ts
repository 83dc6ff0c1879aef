import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type AppUser from '#models/schedule/app_user'
import CalendarFeed, { type FeedResource } from '#models/schedule/calendar_feed'
import { appUrl } from '#config/app'
import { ActivityLogger } from '#services/schedule/activity/activity_logger'
import { ROSTER_TABLES } from '#services/schedule/projects/project_records'
import { RecordNotFoundError, invalidField } from '#services/schedule/directory/record_errors'

/** 32 random bytes, base64url: 43 characters nobody can guess. */
const FEED_TOKEN_BYTES = 32
const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** A feed as the API shows it; `url` only in the answer that made it. */
export type PresentedFeed = {
  id: number
  resourceType: FeedResource
  resourceId: number
  createdAt: string
  fetchCount: number
  lastFetchedAt: string | null
}

export type IssuedFeed = PresentedFeed & { url: string }

function tokenHash(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

export function feedUrl(token: string) {
  return `${appUrl.replace(/\/+$/, '')}/ical/${token}.ics`
}

export function presentFeed(feed: CalendarFeed): PresentedFeed {
  return {
    id: feed.id,
    resourceType: feed.resourceType,
    resourceId: feed.resourceId,
    createdAt: feed.createdAt.toISO()!,
    fetchCount: feed.fetchCount,
    lastFetchedAt: feed.lastFetchedAt?.toISO() ?? null,
  }
}

/**
 * Personal calendar feeds: one live iCalendar address per crew member or
 * vendor, made and revoked from their share panel (or `schedule:feeds:*`).
 * Only the token's SHA-256 is stored, so the address is shown once, when it
 * is made; a lost address is replaced by making a new one, which revokes
 * the old.
 */
@inject()
export class CalendarFeeds {
  constructor(protected activity: ActivityLogger) {}

  /** The person's live feed, if any. */
  async current(resourceType: FeedResource, resourceId: number) {
    return CalendarFeed.query()
      .where('resource_type', resourceType)
      .where('resource_id', resourceId)
      .whereNull('revoked_at')
      .first()
  }

  /** A new address for the person (not in the trash); their previous one stops working. */
  async issue(
    actor: AppUser | null,
    resourceType: FeedResource,
    resourceId: number
  ): Promise<IssuedFeed> {
    const person = await this.person(resourceType, resourceId)
    const token = randomBytes(FEED_TOKEN_BYTES).toString('base64url')
    const feed = await db.transaction(async (trx) => {
      await CalendarFeed.query({ client: trx })
        .where('resource_type', resourceType)
        .where('resource_id', resourceId)
        .whereNull('revoked_at')
        .update({ revoked_at: new Date(), updated_at: new Date() })
      const created = await CalendarFeed.create(
        {
          resourceType,
          resourceId,
          tokenHash: tokenHash(token),
          createdBy: actor?.id ?? null,
          fetchCount: 0,
        },
        { client: trx }
      )
      await this.activity.record(
        actor,
        {
          action: 'create',
          entityType: 'calendar_feed',
          entityId: created.id,
          summary: `Made a calendar feed address for ${person.name}`,
        },
        trx
      )
      return created
    })
    await feed.refresh()
    return { ...presentFeed(feed), url: feedUrl(token) }
  }

  /** The feed stops answering (404) at once. */
  async revoke(actor: AppUser | null, id: number) {
    await db.transaction(async (trx) => {
      const feed = await CalendarFeed.query({ client: trx })
        .where('id', id)
        .whereNull('revoked_at')
        .forUpdate()
        .first()
      if (!feed) {
        throw new RecordNotFoundError('Calendar feed not found')
      }
      feed.revokedAt = DateTime.now()
      await feed.useTransaction(trx).save()
      const person = await db
        .from(ROSTER_TABLES[feed.resourceType].people)
        .where('id', feed.resourceId)
        .select('name')
        .first()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: 'calendar_feed',
          entityId: feed.id,
          summary: `Revoked the calendar feed of ${person?.name ?? `#${feed.resourceId}`}`,
        },
        trx
      )
    })
  }

  /**
   * The live feed a token opens, counting the fetch; null for a malformed,
   * unknown or revoked token, or a person in the trash.
   */
  async open(token: string) {
    if (!FEED_TOKEN_PATTERN.test(token)) {
      return null
    }
    const feed = await CalendarFeed.query()
      .where('token_hash', tokenHash(token))
      .whereNull('revoked_at')
      .first()
    if (!feed) {
      return null
    }
    const person = await db
      .from(ROSTER_TABLES[feed.resourceType].people)
      .where('id', feed.resourceId)
      .whereNull('deleted_at')
      .select('id', 'name')
      .first()
    if (!person) {
      return null
    }
    await CalendarFeed.query()
      .where('id', feed.id)
      .update({ fetch_count: db.raw('fetch_count + 1'), last_fetched_at: new Date() })
    return { feed, personName: person.name as string }
  }

  protected async person(resourceType: FeedResource, resourceId: number) {
    const person = await db
      .from(ROSTER_TABLES[resourceType].people)
      .where('id', resourceId)
      .whereNull('deleted_at')
      .select('id', 'name')
      .first()
    if (!person) {
      throw invalidField(
        'resourceId',
        `No such ${ROSTER_TABLES[resourceType].label}, or it is in the trash`,
        'exists'
      )
    }
    return person as { id: number; name: string }
  }
}
