import type { AvailabilityAnswer } from '#models/schedule/message_recipient'

/** Carrier opt-out keywords (Twilio's defaults): the number gets no more texts. */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP']
export const HELP_KEYWORDS = ['HELP', 'INFO']

const ANSWERS: Record<string, AvailabilityAnswer> = {
  'yes': 'available',
  'y': 'available',
  'yep': 'available',
  'yeah': 'available',
  'yea': 'available',
  'ok': 'available',
  'okay': 'available',
  'sure': 'available',
  'available': 'available',
  'avail': 'available',
  'in': 'available',
  'no': 'unavailable',
  'n': 'unavailable',
  'nope': 'unavailable',
  'nah': 'unavailable',
  'unavailable': 'unavailable',
  'out': 'unavailable',
  'maybe': 'maybe',
  'not sure': 'maybe',
  'possibly': 'maybe',
  'tentative': 'maybe',
}

export type InboundIntent =
  | { kind: 'opt-out'; keyword: string }
  | { kind: 'opt-in'; keyword: string }
  | { kind: 'help' }
  | { kind: 'answer'; answer: AvailabilityAnswer; note: string | null }
  | { kind: 'reply' }

/**
 * What an inbound text means. Carriers match keywords on the whole text;
 * an answer is its first word or two ("Yes!", "no sorry, on another job"),
 * and the rest becomes the answer's note.
 */
export function readInboundText(body: string): InboundIntent {
  const text = body.trim()
  const upper = text.toUpperCase()
  if (OPT_OUT_KEYWORDS.includes(upper)) {
    return { kind: 'opt-out', keyword: upper }
  }
  if (OPT_IN_KEYWORDS.includes(upper)) {
    return { kind: 'opt-in', keyword: upper }
  }
  if (HELP_KEYWORDS.includes(upper)) {
    return { kind: 'help' }
  }
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
  for (const take of [2, 1]) {
    const head = words.slice(0, take).join(' ')
    if (words.length >= take && ANSWERS[head]) {
      const rest = text
        .split(/\s+/)
        .slice(take)
        .join(' ')
        .replace(/^[\s,.!:;-]+/, '')
      return { kind: 'answer', answer: ANSWERS[head], note: rest || null }
    }
  }
  return { kind: 'reply' }
}
