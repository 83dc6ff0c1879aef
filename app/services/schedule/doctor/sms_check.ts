import app from '@adonisjs/core/services/app'
import { failed, ok, skipped, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import { SmsChannel } from '#services/schedule/messaging/sms_channel'

/**
 * Twilio, when SMS is configured: the credentials open the account and the
 * sender (messaging service or number) is there, read through the app's own
 * SMS client. No text is sent.
 */
export function smsCheck(): DoctorCheck {
  return {
    area: 'services',
    name: 'Twilio credentials and sender',
    async run() {
      const { client } = await app.container.make(SmsChannel)
      if (!client) {
        return skipped('SMS is off (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and a sender not all set)')
      }
      const sid = client.options.accountSid
      const found = await client.accountCheck()
      if (found.ok) {
        return ok(`account ${sid}: ${found.account}, sends from ${found.sender}`)
      }
      if (found.problem === 'credentials') {
        return failed(
          `Twilio refused account ${sid} with this auth token: ${found.message}`,
          'Set SMS_ACCOUNT_SID and SMS_AUTH_TOKEN to the account’s values (Twilio console, Account info)'
        )
      }
      if (found.problem === 'sender') {
        return failed(
          `Twilio account ${sid}: ${found.message}`,
          'Set SMS_MESSAGING_SERVICE_SID (or SMS_PHONE_NUMBER) to one of this account’s'
        )
      }
      return failed(
        `Twilio did not answer: ${found.message}`,
        'Try again later; check the server’s outbound connection to api.twilio.com (or SMS_API_URL)'
      )
    },
  }
}
