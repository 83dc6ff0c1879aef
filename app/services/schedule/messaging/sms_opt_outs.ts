import SmsOptOut from '#models/schedule/sms_opt_out'
import { toE164 } from '#services/schedule/messaging/phone_numbers'
import { defaultCountry } from '#services/schedule/messaging/message_audience'

export type SmsOptOutState = { optedOut: boolean; keyword: string; changedAt: string } | null

/** The last STOP or START from a person's number, for their record; null if none came. */
export async function smsOptOutOf(phone: string | null): Promise<SmsOptOutState> {
  const number = toE164(phone, defaultCountry())
  const row = number ? await SmsOptOut.find(number) : null
  return row
    ? { optedOut: row.optedOut, keyword: row.keyword, changedAt: row.changedAt.toISO()! }
    : null
}
