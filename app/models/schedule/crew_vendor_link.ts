import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A crew member who works for (or through) a vendor. */
export default class CrewVendorLink extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare crewId: number

  @column()
  declare vendorId: number

  @column()
  declare notes: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
