import { failed, ok, skipped, type DoctorCheck } from '#services/shared/doctor/doctor_check'
import { OutboundAddressError } from '#services/shared/outbound_address'
import { TaskboardWebhook } from '#services/schedule/feedback/taskboard_webhook'

/**
 * The taskboard webhook, when connected: its URL still passes the checks
 * every delivery passes (https and public addresses in production) and the
 * receiver answers a HEAD request. No card is made; `node ace
 * schedule:taskboard:test` sends a real test card.
 */
export function taskboardCheck(webhook = () => new TaskboardWebhook()): DoctorCheck {
  return {
    area: 'services',
    name: 'Taskboard webhook',
    // Its configuration is in the settings table.
    needsDatabase: true,
    async run() {
      try {
        const answered = await webhook().probe()
        if (!answered) {
          return skipped('no taskboard webhook is set up')
        }
        return ok(
          `${answered.url} answers (HEAD: ${answered.status}); no card sent, node ace schedule:taskboard:test sends one`
        )
      } catch (error) {
        if (error instanceof OutboundAddressError) {
          return failed(
            `the webhook URL is refused: ${error.message}`,
            'Connect a public https URL with node ace schedule:taskboard:connect <url>'
          )
        }
        return failed(
          `the receiver does not answer: ${(error as Error).message}`,
          'Check the receiver is up, or connect its current URL with node ace schedule:taskboard:connect <url>'
        )
      }
    },
  }
}
