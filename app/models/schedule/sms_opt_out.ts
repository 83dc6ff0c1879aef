import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A phone number's latest STOP or START (carrier keywords), with its time. */
export default class SmsOptOut extends BaseModel {
  static table = 'sms_opt_outs'

  @column({ isPrimary: true })
  declare phone: string

  @column()
  declare optedOut: boolean

  @column()
  declare keyword: string

  @column.dateTime()
  declare changedAt: DateTime
}
