import { createHmac, timingSafeEqual } from 'node:crypto'
import { appKey, appUrl } from '#config/app'

/*
 * A recipient's personal answer link: /answer/<recipient id>.<HMAC of it>.
 * The HMAC (keyed by the app's secret) makes it unguessable, and nothing of
 * it is stored, so a database export or backup holds no working link. It
 * expires with its message (answers_close_at), checked where it is used.
 */
function signatureOf(recipientId: number) {
  return createHmac('sha256', appKey.release())
    .update(`availability-answer:${recipientId}`)
    .digest('base64url')
}

export function answerToken(recipientId: number) {
  return `${recipientId}.${signatureOf(recipientId)}`
}

export function answerUrl(recipientId: number) {
  return `${appUrl.replace(/\/$/, '')}/answer/${answerToken(recipientId)}`
}

/** The recipient a token was made for, or null for anything forged or malformed. */
export function recipientOfToken(token: string) {
  const match = /^(\d{1,10})\.([\w-]{43})$/.exec(token)
  if (!match) {
    return null
  }
  const recipientId = Number(match[1])
  const expected = Buffer.from(signatureOf(recipientId))
  const given = Buffer.from(match[2])
  return timingSafeEqual(expected, given) ? recipientId : null
}
