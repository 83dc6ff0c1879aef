import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type NotedResource = 'crew' | 'vendor' | 'location'

/** A staff note about a crew member, vendor or location. */
export default class ResourceNote extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare resourceType: NotedResource

  @column()
  declare resourceId: number

  @column()
  declare body: string

  @column()
  declare pinned: boolean

  @column()
  declare authorId: string | null

  @column()
  declare authorName: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
