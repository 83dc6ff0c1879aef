import type MessageRecipient from '#models/schedule/message_recipient'
import type { RecipientState } from '#models/schedule/message_recipient'

/*
 * Twilio reports a text's progress in callbacks that may arrive in any
 * order ("sent" after "delivered"), and the email provider its events the
 * same way: a status only ever replaces one of a lower rank. The ends
 * (delivered, undelivered, bounced, failed) share a rank, so none replaces
 * another; a spam complaint comes after delivery.
 */
const STATUS_RANK: Record<string, number> = {
  queued: 0,
  accepted: 1,
  scheduled: 1,
  sending: 1,
  unknown: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  skipped: 3,
  bounced: 3,
  read: 4,
  complained: 4,
}

/** Whether a channel's status may move from `current` to `next` (never backwards). */
export function statusMovesForward(current: string | null, next: string) {
  return (STATUS_RANK[next] ?? -1) > (STATUS_RANK[current ?? 'queued'] ?? -1)
}

export function wantsSms(recipient: Pick<MessageRecipient, 'channel'>) {
  return recipient.channel !== 'email'
}

export function wantsEmail(recipient: Pick<MessageRecipient, 'channel'>) {
  return recipient.channel !== 'sms'
}

/** The one state the message page shows for a recipient, from its channels and answer. */
export function overallState(recipient: MessageRecipient): RecipientState {
  if (recipient.answer) {
    return 'answered'
  }
  if (recipient.replyText) {
    return 'replied'
  }
  const channels = [
    wantsSms(recipient) ? recipient.smsStatus : undefined,
    wantsEmail(recipient) ? recipient.emailStatus : undefined,
  ].filter((status) => status !== undefined)
  const any = (...states: (string | null)[]) => channels.some((status) => states.includes(status))
  if (any('delivered', 'read', 'complained')) {
    return 'delivered'
  }
  if (any('sent')) {
    return 'sent'
  }
  if (any(null, 'queued', 'sending', 'accepted', 'scheduled')) {
    return 'queued'
  }
  if (any('undelivered', 'bounced')) {
    return 'undelivered'
  }
  if (any('failed', 'unknown')) {
    return 'failed'
  }
  return 'skipped'
}
