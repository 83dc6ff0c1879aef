import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A saved set of crew and vendors to message together (its members are message_group_members). */
export default class MessageGroup extends BaseModel {
  static table = 'message_groups'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare createdBy: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
