import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { answerValidator } from '#validators/schedule/messaging_validators'
import { AvailabilityAnswers } from '#services/schedule/messaging/availability_answers'
import { MessageDelivery } from '#services/schedule/messaging/message_delivery'
import { fillPlaceholders } from '#services/schedule/messaging/message_placeholders'

/**
 * /answer/:token, public: the page a recipient's personal link opens. GET
 * only shows it (mail scanners open links), POST records the answer.
 */
@inject()
export default class AnswerPageController {
  constructor(
    protected answers: AvailabilityAnswers,
    protected delivery: MessageDelivery
  ) {}

  async show({ inertia, params, response }: HttpContext) {
    response.header('Cache-Control', 'no-store')
    response.header('Referrer-Policy', 'no-referrer')
    const link = await this.answers.byToken(String(params.token))
    if (link.state === 'unknown') {
      response.status(404)
      return inertia.render('schedule/answer', { request: null, gone: 'unknown' })
    }
    // What the recipient was sent, filled for them (the link itself left out).
    const values = await this.delivery.placeholderValues(link.message, link.recipient)
    const open = link.state === 'open'
    const request = {
      project: link.project?.name ?? null,
      subject: fillPlaceholders(link.message.subject, { ...values, answerLink: '' }),
      dates: values.dates || null,
      callTime: values.callTime || null,
      location: values.location || null,
      answersCloseAt: link.message.answersCloseAt.toISO()!,
      name: link.recipient.name,
      answer: open ? (link.recipient.answer ?? null) : null,
      note: open ? (link.recipient.answerNote ?? null) : null,
    }
    if (link.state === 'expired') {
      response.status(410)
      return inertia.render('schedule/answer', { request, gone: 'expired' })
    }
    return inertia.render('schedule/answer', { request, gone: null })
  }

  async store({ params, request, response }: HttpContext) {
    const link = await this.answers.byToken(String(params.token))
    if (link.state !== 'open') {
      return response
        .status(link.state === 'unknown' ? 404 : 410)
        .send({ message: link.state === 'unknown' ? 'Unknown link' : 'Answers are closed' })
    }
    const { answer, note } = await request.validateUsing(answerValidator)
    const recipient = await this.answers.record(
      link.recipient,
      link.message,
      answer,
      note ?? null,
      'link'
    )
    return {
      answer: recipient.answer,
      note: recipient.answerNote ?? null,
      answeredAt: recipient.answeredAt!.toISO(),
    }
  }
}
