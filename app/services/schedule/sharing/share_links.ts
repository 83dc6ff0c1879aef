import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type AppUser from '#models/schedule/app_user'
import PublicShareLink, { type SharedResource } from '#models/schedule/public_share_link'
import Project from '#models/schedule/project'
import Crew from '#models/schedule/crew'
import Vendor from '#models/schedule/vendor'
import { appUrl } from '#config/app'
import { ActivityLogger, changedFields } from '#services/schedule/activity/activity_logger'
import { RecordNotFoundError, invalidField } from '#services/schedule/directory/record_errors'

/** 32 random bytes, base64url: 43 characters nobody can guess. */
export const SHARE_TOKEN_BYTES = 32
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export type ShareLinkState = 'active' | 'expired' | 'revoked'

/** A link as the API shows it: the row, its absolute URL, its state and its resource's name. */
export type PresentedShareLink = {
  id: number
  token: string
  url: string
  resourceType: SharedResource
  resourceId: number
  resourceName: string | null
  label: string | null
  expiresAt: string | null
  revokedAt: string | null
  state: ShareLinkState
  viewCount: number
  lastViewedAt: string | null
  createdBy: string | null
  createdAt: string
}

export type ShareLinkChanges = {
  label?: string | null
  expiresAt?: Date | null
  revoked?: boolean
}

const MODELS = { project: Project, crew: Crew, vendor: Vendor } as const
const NOUNS = { project: 'project', crew: 'crew member', vendor: 'vendor' } as const

export function shareLinkState(
  link: PublicShareLink,
  now: DateTime = DateTime.now()
): ShareLinkState {
  if (link.revokedAt) {
    return 'revoked'
  }
  return link.expiresAt && link.expiresAt <= now ? 'expired' : 'active'
}

export function shareUrl(token: string) {
  return `${appUrl.replace(/\/+$/, '')}/share/${token}`
}

/**
 * Managing public share links (signed in, /api/share): a link shows one
 * project, crew member or vendor to anyone holding its token until it is
 * revoked, expires or is deleted. What a link shows is ShareView's part.
 */
@inject()
export class ShareLinks {
  constructor(protected activity: ActivityLogger) {}

  /** Newest first, optionally of one resource. */
  async list(filter: { resourceType?: SharedResource; resourceId?: number }) {
    const query = PublicShareLink.query().orderBy('created_at', 'desc').orderBy('id', 'desc')
    if (filter.resourceType) {
      query.where('resource_type', filter.resourceType)
    }
    if (filter.resourceId) {
      query.where('resource_id', filter.resourceId)
    }
    return this.present(await query)
  }

  /** The resource must exist and not be in the trash (422 otherwise). */
  async create(
    actor: AppUser,
    fields: {
      resourceType: SharedResource
      resourceId: number
      label?: string | null
      expiresAt?: Date | null
    }
  ) {
    const resource = await MODELS[fields.resourceType]
      .query()
      .withScopes((scopes) => scopes.active())
      .where('id', fields.resourceId)
      .first()
    if (!resource) {
      throw invalidField(
        'resourceId',
        `No such ${NOUNS[fields.resourceType]}, or it is in the trash`,
        'exists'
      )
    }
    const link = await db.transaction(async (trx) => {
      const created = await PublicShareLink.create(
        {
          token: randomBytes(SHARE_TOKEN_BYTES).toString('base64url'),
          resourceType: fields.resourceType,
          resourceId: resource.id,
          label: fields.label || null,
          expiresAt: fields.expiresAt ? DateTime.fromJSDate(fields.expiresAt) : null,
          createdBy: actor.id,
          viewCount: 0,
        },
        { client: trx }
      )
      await this.activity.record(
        actor,
        {
          action: 'create',
          entityType: 'share_link',
          entityId: created.id,
          projectId: fields.resourceType === 'project' ? resource.id : null,
          summary: `Shared the ${NOUNS[fields.resourceType]} ${resource.name} by link`,
        },
        trx
      )
      return created
    })
    await link.refresh()
    return this.presentOne(link)
  }

  async update(actor: AppUser, id: number, changes: ShareLinkChanges) {
    const link = await db.transaction(async (trx) => {
      const found = await this.locked(trx, id)
      const before = this.fields(found)
      if (changes.label !== undefined) {
        found.label = changes.label || null
      }
      if (changes.expiresAt !== undefined) {
        found.expiresAt = changes.expiresAt ? DateTime.fromJSDate(changes.expiresAt) : null
      }
      if (changes.revoked !== undefined) {
        // Revoking twice keeps the first moment.
        found.revokedAt = changes.revoked ? (found.revokedAt ?? DateTime.now()) : null
      }
      await found.useTransaction(trx).save()
      const name = await this.resourceName(found)
      await this.activity.record(
        actor,
        {
          action: 'update',
          entityType: 'share_link',
          entityId: found.id,
          projectId: found.resourceType === 'project' ? found.resourceId : null,
          summary: `Changed the share link of the ${NOUNS[found.resourceType]} ${name}`,
          changes: changedFields(before, this.fields(found)),
        },
        trx
      )
      return found
    })
    return this.presentOne(link)
  }

  async remove(actor: AppUser, id: number) {
    await db.transaction(async (trx) => {
      const link = await this.locked(trx, id)
      const name = await this.resourceName(link)
      await link.useTransaction(trx).delete()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: 'share_link',
          entityId: link.id,
          projectId: link.resourceType === 'project' ? link.resourceId : null,
          summary: `Deleted a share link of the ${NOUNS[link.resourceType]} ${name}`,
        },
        trx
      )
    })
  }

  protected async locked(trx: TransactionClientContract, id: number) {
    const link = await PublicShareLink.query({ client: trx }).where('id', id).forUpdate().first()
    if (!link) {
      throw new RecordNotFoundError('Share link not found')
    }
    return link
  }

  protected fields(link: PublicShareLink) {
    return {
      label: link.label,
      expiresAt: link.expiresAt?.toISO() ?? null,
      revokedAt: link.revokedAt?.toISO() ?? null,
    }
  }

  protected async resourceName(link: PublicShareLink) {
    const resource = await MODELS[link.resourceType].find(link.resourceId)
    return resource?.name ?? `#${link.resourceId}`
  }

  protected async presentOne(link: PublicShareLink) {
    const [presented] = await this.present([link])
    return presented
  }

  /** The API's ShareLink: the row, its absolute URL, its state and its resource's name. */
  protected async present(links: PublicShareLink[]): Promise<PresentedShareLink[]> {
    const names = new Map<string, string>()
    for (const type of Object.keys(MODELS) as SharedResource[]) {
      const ids = links.filter((link) => link.resourceType === type).map((link) => link.resourceId)
      if (ids.length === 0) {
        continue
      }
      const rows: { id: number; name: string }[] = await MODELS[type]
        .query()
        .whereIn('id', [...new Set(ids)])
        .select('id', 'name')
      for (const row of rows) {
        names.set(`${type}:${row.id}`, row.name)
      }
    }
    const now = DateTime.now()
    return links.map((link) => ({
      id: link.id,
      token: link.token,
      url: shareUrl(link.token),
      resourceType: link.resourceType,
      resourceId: link.resourceId,
      resourceName: names.get(`${link.resourceType}:${link.resourceId}`) ?? null,
      label: link.label,
      expiresAt: link.expiresAt?.toISO() ?? null,
      revokedAt: link.revokedAt?.toISO() ?? null,
      state: shareLinkState(link, now),
      viewCount: link.viewCount,
      lastViewedAt: link.lastViewedAt?.toISO() ?? null,
      createdBy: link.createdBy,
      createdAt: link.createdAt.toISO()!,
    }))
  }
}
