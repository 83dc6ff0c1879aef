import type MessageRecipient from '#models/schedule/message_recipient'
import type { RecipientState } from '#models/schedule/message_recipient'

/*
 * Twilio reports a text's progress in callbacks that may arrive in any
 * order ("sent" after "delivered"): a status only ever replaces one of a
 * lower rank. The ends (delivered, undelivered, failed) share a rank, so
 * none replaces another.
 */
const SMS_RANK: Record<string, number> = {
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
  read: 4,
}

export function smsStatusMovesForward(current: string | null, next: string) {
  return (SMS_RANK[next] ?? -1) > (SMS_RANK[current ?? 'queued'] ?? -1)
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
  if (any('delivered', 'read')) {
    return 'delivered'
  }
  if (any('sent')) {
    return 'sent'
  }
  if (any(null, 'queued', 'sending', 'accepted', 'scheduled')) {
    return 'queued'
  }
  if (any('undelivered')) {
    return 'undelivered'
  }
  if (any('failed', 'unknown')) {
    return 'failed'
  }
  return 'skipped'
}
