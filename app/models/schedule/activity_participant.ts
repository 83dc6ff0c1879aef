import { BaseModel, column } from '@adonisjs/lucid/orm'

/** Someone of the project's roster taking part in an activity (spec 3, activity_participants). */
export default class ActivityParticipant extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare activityId: number

  @column()
  declare projectCrewId: number | null

  @column()
  declare projectVendorId: number | null
}
