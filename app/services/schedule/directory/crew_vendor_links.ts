import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type AppUser from '#models/schedule/app_user'
import CrewVendorLink from '#models/schedule/crew_vendor_link'
import { ActivityLogger } from '#services/schedule/activity/activity_logger'
import {
  DuplicateRecordError,
  RecordNotFoundError,
} from '#services/schedule/directory/record_errors'
import { isUniqueViolation } from '#services/shared/atomic_writes'

/** A link with the names of both sides. */
export type CrewVendorLinkRow = {
  id: number
  crewId: number
  vendorId: number
  notes: string | null
  crewName: string
  vendorName: string
}

/**
 * Which crew members work for (or through) which vendor (spec 3,
 * crew_vendor_links). A link whose crew member or vendor is in the trash is
 * hidden like them, and comes back with them on restore.
 */
@inject()
export class CrewVendorLinks {
  constructor(protected activity: ActivityLogger) {}

  async list(filter: { crewId?: number; vendorId?: number }, trx?: TransactionClientContract) {
    const query = this.visible(trx)
      .orderByRaw('lower(c.name)')
      .orderByRaw('lower(v.name)')
      .orderBy('l.id')
    if (filter.crewId !== undefined) {
      query.where('l.crew_id', filter.crewId)
    }
    if (filter.vendorId !== undefined) {
      query.where('l.vendor_id', filter.vendorId)
    }
    return (await query) as CrewVendorLinkRow[]
  }

  /** Both ids name active records (the validator checked); a second link is a 409. */
  async create(
    fields: { crewId: number; vendorId: number; notes?: string | null },
    actor: AppUser
  ) {
    try {
      return await db.transaction(async (trx) => {
        const existing = await trx
          .from('crew_vendor_links')
          .where({ crew_id: fields.crewId, vendor_id: fields.vendorId })
          .first()
        if (existing) {
          throw new DuplicateRecordError('This crew member is already linked to this vendor')
        }
        const link = await CrewVendorLink.create(fields, { client: trx })
        const view = await this.find(link.id, trx)
        await this.activity.record(
          actor,
          {
            action: 'create',
            entityType: 'crew_vendor_link',
            entityId: link.id,
            summary: `Linked crew member ${view.crewName} to vendor ${view.vendorName}`,
          },
          trx
        )
        return view
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DuplicateRecordError('This crew member is already linked to this vendor')
      }
      throw error
    }
  }

  async delete(id: number, actor: AppUser) {
    await db.transaction(async (trx) => {
      const view = await this.find(id, trx)
      await trx.from('crew_vendor_links').where('id', id).delete()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: 'crew_vendor_link',
          entityId: id,
          summary: `Unlinked crew member ${view.crewName} from vendor ${view.vendorName}`,
        },
        trx
      )
    })
  }

  protected async find(id: number, trx: TransactionClientContract) {
    const view = (await this.visible(trx).where('l.id', id).first()) as CrewVendorLinkRow | null
    if (!view) {
      throw new RecordNotFoundError('Link not found')
    }
    return view
  }

  /** Links between an active crew member and an active vendor, in the API's shape. */
  protected visible(trx?: TransactionClientContract) {
    return (trx ?? db)
      .from('crew_vendor_links as l')
      .join('crews as c', 'c.id', 'l.crew_id')
      .join('vendors as v', 'v.id', 'l.vendor_id')
      .whereNull('c.deleted_at')
      .whereNull('v.deleted_at')
      .select(
        'l.id',
        'l.crew_id as crewId',
        'l.vendor_id as vendorId',
        'l.notes',
        'c.name as crewName',
        'v.name as vendorName'
      )
  }
}
