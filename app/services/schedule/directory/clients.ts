import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type AppUser from '#models/schedule/app_user'
import Client from '#models/schedule/client'
import { ActivityLogger, changedFields } from '#services/schedule/activity/activity_logger'
import {
  DuplicateRecordError,
  RecordNotFoundError,
} from '#services/schedule/directory/record_errors'
import { isUniqueViolation } from '#services/shared/atomic_writes'
import { containsPattern } from '#services/schedule/directory/search_pattern'

export type ClientFields = {
  name?: string
  contactName?: string | null
  email?: string | null
  phone?: string | null
  notes?: string | null
}

/**
 * Who projects are made for (spec 3, clients). Names are unique regardless
 * of case; deleting a client leaves its projects without one.
 */
@inject()
export class Clients {
  constructor(protected activity: ActivityLogger) {}

  /** By name; `search` finds any part of the name, contact name or email. */
  list(search?: string) {
    const query = Client.query().orderByRaw('lower(name)').orderBy('id')
    if (search) {
      const pattern = containsPattern(search)
      query.where((match) =>
        match
          .whereILike('name', pattern)
          .orWhereILike('contact_name', pattern)
          .orWhereILike('email', pattern)
      )
    }
    return query
  }

  async find(id: number, trx?: TransactionClientContract) {
    const client = await Client.query({ client: trx }).where('id', id).first()
    if (!client) {
      throw new RecordNotFoundError('Client not found')
    }
    return client
  }

  create(fields: ClientFields & { name: string }, actor: AppUser) {
    return this.saving(async (trx) => {
      await this.ensureNameFree(fields.name, null, trx)
      const client = await Client.create(fields, { client: trx })
      await this.activity.record(
        actor,
        {
          action: 'create',
          entityType: 'client',
          entityId: client.id,
          summary: `Added client ${client.name}`,
        },
        trx
      )
      return client.refresh()
    })
  }

  update(id: number, fields: ClientFields, actor: AppUser) {
    return this.saving(async (trx) => {
      const client = await this.find(id, trx)
      if (fields.name !== undefined) {
        await this.ensureNameFree(fields.name, client.id, trx)
      }
      const changes = changedFields(client.serialize(), fields)
      if (!changes) {
        return client
      }
      const previousName = client.name
      await client.merge(fields).save()
      await this.activity.recordEdit(
        actor,
        { entityType: 'client', label: 'client', record: client, previousName, changes },
        trx
      )
      return client
    })
  }

  async delete(id: number, actor: AppUser) {
    await db.transaction(async (trx) => {
      const client = await this.find(id, trx)
      await client.delete()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: 'client',
          entityId: client.id,
          summary: `Deleted client ${client.name}`,
        },
        trx
      )
    })
  }

  /** A concurrent insert past our own check meets the unique index: a 409 too. */
  protected async saving<T>(change: (trx: TransactionClientContract) => Promise<T>) {
    try {
      return await db.transaction(change)
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DuplicateRecordError('A client with this name already exists')
      }
      throw error
    }
  }

  protected async ensureNameFree(
    name: string,
    exceptId: number | null,
    trx: TransactionClientContract
  ) {
    const query = trx.from('clients').whereRaw('lower(name) = lower(?)', [name])
    if (exceptId !== null) {
      query.whereNot('id', exceptId)
    }
    if (await query.first()) {
      throw new DuplicateRecordError(`A client named "${name}" already exists`)
    }
  }
}
