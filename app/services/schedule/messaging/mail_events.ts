import { inject } from '@adonisjs/core'
import { Exception } from '@adonisjs/core/exceptions'
import { DateTime } from 'luxon'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import env from '#start/env'
import MessageRecipient from '#models/schedule/message_recipient'
import { overallState, statusMovesForward } from '#services/schedule/messaging/recipient_states'

/** 403: the event is unsigned, forged, too old, or no signing secret is configured. */
export class ForgedMailEventError extends Exception {
  static status = 403
  expose = true
}

/** One of Resend's webhook events: `{ type, created_at, data: { email_id, … } }`. */
export interface MailEvent {
  type: string
  created_at?: string
  data?: {
    email_id?: string
    bounce?: { message?: string; type?: string; subType?: string }
    failed?: { reason?: string }
  }
}

/** What each event makes of the email's status; events not listed change nothing. */
const STATUS_OF_EVENT: Record<string, string> = {
  'email.sent': 'sent',
  'email.delivered': 'delivered',
  'email.bounced': 'bounced',
  'email.failed': 'failed',
  'email.complained': 'complained',
}

function problemOf(event: MailEvent) {
  switch (event.type) {
    case 'email.bounced': {
      const bounce = event.data?.bounce
      const kind = [bounce?.type, bounce?.subType].filter(Boolean).join(', ')
      return `Bounced${kind ? ` (${kind})` : ''}${bounce?.message ? `: ${bounce.message}` : ''}`
    }
    case 'email.failed':
      return `The provider could not send it${event.data?.failed?.reason ? `: ${event.data.failed.reason}` : ''}`
    case 'email.complained':
      return 'The recipient marked it as spam'
    default:
      return null
  }
}

/**
 * The email provider's events (Resend's webhooks): delivery, bounce,
 * failure and spam complaint of each availability email move its
 * recipient's email status, forward only (events arrive in any order).
 * Resend signs them the Standard Webhooks way, under Svix's header names;
 * the secret is EMAIL_WEBHOOK_SECRET, and without it every event is refused.
 */
@inject()
export class MailEvents {
  /** The event, once its signature and timestamp (5 minutes) check out. */
  verify(rawBody: string, headers: Record<string, string | string[] | undefined>): MailEvent {
    const secret = env.get('EMAIL_WEBHOOK_SECRET')?.release()
    const header = (name: string) => {
      const value = headers[`svix-${name}`] ?? headers[`webhook-${name}`]
      return Array.isArray(value) ? value[0] : (value ?? '')
    }
    if (!secret) {
      throw new ForgedMailEventError('Mail events are not configured')
    }
    try {
      return new Webhook(secret).verify(rawBody, {
        'webhook-id': header('id'),
        'webhook-timestamp': header('timestamp'),
        'webhook-signature': header('signature'),
      }) as MailEvent
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        throw new ForgedMailEventError('Invalid webhook signature')
      }
      throw error
    }
  }

  /** Applies one event; an email the app did not send (or a type it does not track) is ignored. */
  async apply(event: MailEvent) {
    const next = STATUS_OF_EVENT[event.type]
    const emailId = event.data?.email_id
    if (!next || !emailId) {
      return { applied: false }
    }
    const recipient = await MessageRecipient.findBy('emailMessageId', emailId)
    if (!recipient || !statusMovesForward(recipient.emailStatus, next)) {
      return { applied: false }
    }
    recipient.emailStatus = next
    const problem = problemOf(event)
    if (problem) {
      recipient.emailError = problem
    }
    if (next === 'delivered' && !recipient.deliveredAt) {
      const at = event.created_at ? DateTime.fromISO(event.created_at) : null
      recipient.deliveredAt = at?.isValid ? at : DateTime.now()
    }
    recipient.status = overallState(recipient)
    await recipient.save()
    return { applied: true }
  }
}
