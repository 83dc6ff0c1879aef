import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type AppUser from '#models/schedule/app_user'
import MessageGroup from '#models/schedule/message_group'
import { isUniqueViolation } from '#services/shared/atomic_writes'
import {
  DuplicateRecordError,
  RecordNotFoundError,
  invalidField,
} from '#services/schedule/directory/record_errors'

export type GroupMemberRef = { resourceType: 'crew' | 'vendor'; resourceId: number }

export interface GroupFields {
  name: string
  members: GroupMemberRef[]
}

export type GroupMember = GroupMemberRef & { name: string }

export type SavedGroup = { id: number; name: string; members: GroupMember[] }

const TABLES = { crew: 'crews', vendor: 'vendors' } as const

/**
 * Saved groups of crew and vendors ("the lighting team", "regular
 * caterers"), picked as recipients in compose. A member who goes to the
 * trash stays in the group but gets nothing while there (the audience skips
 * trashed people); one removed for good is no longer listed.
 */
export class MessageGroupsBook {
  async list(): Promise<SavedGroup[]> {
    const groups = await MessageGroup.query().orderByRaw('lower(name)')
    return this.#withMembers(groups)
  }

  async find(id: number): Promise<SavedGroup> {
    const group = await MessageGroup.find(id)
    if (!group) {
      throw new RecordNotFoundError('Group not found')
    }
    const [found] = await this.#withMembers([group])
    return found
  }

  create(author: AppUser, fields: GroupFields) {
    return this.#saving(async (trx) => {
      await this.#checkMembers(fields.members, trx)
      const group = await MessageGroup.create(
        { name: fields.name, createdBy: author.id },
        { client: trx }
      )
      await this.#replaceMembers(group.id, fields.members, trx)
      return group.id
    })
  }

  async update(id: number, fields: Partial<GroupFields>) {
    await this.find(id)
    return this.#saving(async (trx) => {
      const group = await MessageGroup.query({ client: trx }).where('id', id).forUpdate().first()
      if (!group) {
        throw new RecordNotFoundError('Group not found')
      }
      if (fields.name !== undefined) {
        group.name = fields.name
        await group.save()
      }
      if (fields.members) {
        await this.#checkMembers(fields.members, trx)
        await this.#replaceMembers(id, fields.members, trx)
      }
      return id
    })
  }

  async remove(id: number) {
    const group = await MessageGroup.find(id)
    if (!group) {
      throw new RecordNotFoundError('Group not found')
    }
    await group.delete()
  }

  /** The crew and vendor ids of some groups, for the audience. */
  async memberIds(groupIds: number[]) {
    const rows = groupIds.length
      ? await db.from('message_group_members').whereIn('group_id', groupIds)
      : []
    const ids = { crew: [] as number[], vendor: [] as number[] }
    for (const row of rows) {
      ids[row.resource_type as 'crew' | 'vendor'].push(row.resource_id)
    }
    return ids
  }

  /** Runs a change in a transaction; a name taken (any case) is a 409, even in a race. */
  async #saving(change: (trx: TransactionClientContract) => Promise<number>) {
    let id: number
    try {
      id = await db.transaction(change)
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DuplicateRecordError('A group with this name already exists')
      }
      throw error
    }
    return this.find(id)
  }

  /** Every member must be a crew member or vendor in use (not in the trash). */
  async #checkMembers(members: GroupMemberRef[], trx: TransactionClientContract) {
    for (const type of ['crew', 'vendor'] as const) {
      const wanted = [
        ...new Set(members.filter((m) => m.resourceType === type).map((m) => m.resourceId)),
      ]
      if (!wanted.length) {
        continue
      }
      const found = await trx
        .from(TABLES[type])
        .whereIn('id', wanted)
        .whereNull('deleted_at')
        .select('id')
      const known = new Set(found.map((row) => row.id))
      const index = members.findIndex(
        (member) => member.resourceType === type && !known.has(member.resourceId)
      )
      if (index >= 0) {
        throw invalidField(
          `members.${index}`,
          type === 'crew' ? 'No such crew member' : 'No such vendor',
          'exists'
        )
      }
    }
  }

  async #replaceMembers(
    groupId: number,
    members: GroupMemberRef[],
    trx: TransactionClientContract
  ) {
    await trx.from('message_group_members').where('group_id', groupId).delete()
    const unique = new Map(
      members.map((member) => [`${member.resourceType}:${member.resourceId}`, member])
    )
    if (unique.size) {
      await trx.table('message_group_members').multiInsert(
        [...unique.values()].map((member) => ({
          group_id: groupId,
          resource_type: member.resourceType,
          resource_id: member.resourceId,
        }))
      )
    }
  }

  async #withMembers(groups: MessageGroup[]): Promise<SavedGroup[]> {
    if (!groups.length) {
      return []
    }
    const ids = groups.map((group) => group.id)
    const members = (type: 'crew' | 'vendor') =>
      db
        .from('message_group_members as m')
        .join(`${TABLES[type]} as r`, 'r.id', 'm.resource_id')
        .whereIn('m.group_id', ids)
        .where('m.resource_type', type)
        .select('m.group_id', 'r.id', 'r.name')
        .orderByRaw('lower(r.name)')
    const crew = await members('crew')
    const vendors = await members('vendor')
    return groups.map((group) => ({
      id: group.id,
      name: group.name,
      members: [
        ...crew
          .filter((row) => row.group_id === group.id)
          .map((row) => ({ resourceType: 'crew' as const, resourceId: row.id, name: row.name })),
        ...vendors
          .filter((row) => row.group_id === group.id)
          .map((row) => ({ resourceType: 'vendor' as const, resourceId: row.id, name: row.name })),
      ],
    }))
  }
}
