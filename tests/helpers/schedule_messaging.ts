import type { Page } from 'playwright'
import { readOutbox } from '#services/shared/mail/outbox_transport'
import { callFromPage } from '#tests/helpers/schedule_browser'
import { waitUntil } from '#tests/helpers/wait_until'

/**
 * An availability request by email, sent by the stack's own worker, and the
 * answer page its personal link opens, on a phone, with no account.
 */
export async function requestByEmail(
  staff: Page,
  outbox: string,
  name: string,
  answersCloseAt?: string
) {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`
  const crew = await callFromPage<{ id: number }>(staff, 'POST', '/api/crew', { name, email })
  const message = await callFromPage<{ id: number }>(staff, 'POST', '/api/messages', {
    audience: { crewIds: [crew.id] },
    subject: 'Free for the harbour shoot, {firstName}?',
    body: 'Hi {firstName}, are you free? Answer here: {answerLink}',
    channel: 'email',
    dates: 'Tue 2 Mar – Thu 4 Mar',
    callTime: '06:30',
    answersCloseAt,
  })
  const mail = await waitUntil(`the request to ${email}`, async () => {
    const messages = await readOutbox(outbox)
    return messages.find((one) => one.to.some((to) => to.includes(email)))
  })
  const link = /https?:\/\/\S+\/answer\/\S+/.exec(mail.text ?? '')![0]
  return { messageId: message.id, link }
}
