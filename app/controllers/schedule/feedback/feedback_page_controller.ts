import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { pageUser } from '#services/schedule/people/page_viewer'
import { FeedbackInbox } from '#services/schedule/feedback/feedback_inbox'
import FeedbackTransformer from '#transformers/schedule/feedback_transformer'

/** GET /admin/feedback: what people sent, for admins to triage. */
@inject()
export default class FeedbackPageController {
  constructor(protected inbox: FeedbackInbox) {}

  async show({ inertia, response, scheduleUser }: HttpContext) {
    if (scheduleUser.role !== 'admin') {
      return response.status(403).send('Admin access required')
    }
    return inertia.render('schedule/feedback', {
      user: pageUser(scheduleUser),
      feedback: FeedbackTransformer.transform(await this.inbox.list()),
    })
  }
}
