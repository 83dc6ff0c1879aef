import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** An admin's version of a shipped email template (see TransferEmailTemplates). */
export default class EmailTemplate extends BaseModel {
  @column({ isPrimary: true })
  declare type: string

  @column()
  declare subject: string

  @column()
  declare body: string

  @column()
  declare updatedByUserId: string | null

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
