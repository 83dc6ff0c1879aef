import { configuredSmsClient, type SmsClient } from '#services/schedule/messaging/sms_client'

/**
 * The SMS client of this process, or none when SMS is not configured. Bound
 * once per process (providers/schedule_provider.ts); tests swap it for one
 * aimed at the loopback fake.
 */
export class SmsChannel {
  constructor(readonly client: SmsClient | null) {}

  get enabled() {
    return this.client !== null
  }
}

export function configuredSmsChannel() {
  return new SmsChannel(configuredSmsClient())
}
