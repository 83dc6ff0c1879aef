import { BaseTransformer } from '@adonisjs/core/transformers'
import type Feedback from '#models/schedule/feedback'

/**
 * One feedback as admins see it (GET /api/feedback): who sent it, from
 * which page, the screenshot's address (admins only) and the card's fate.
 */
export default class FeedbackTransformer extends BaseTransformer<Feedback> {
  toObject() {
    const feedback = this.resource
    return {
      id: feedback.id,
      category: feedback.category,
      description: feedback.description,
      pageUrl: feedback.pageUrl ?? null,
      status: feedback.status,
      adminNotes: feedback.adminNotes ?? null,
      user: {
        id: feedback.userId ?? null,
        name: feedback.reporterName,
        email: feedback.reporterEmail,
      },
      screenshot: feedback.screenshotKey
        ? {
            url: `/api/feedback/${feedback.id}/screenshot`,
            contentType: feedback.screenshotType ?? 'image/png',
            width: feedback.screenshotWidth ?? 0,
            height: feedback.screenshotHeight ?? 0,
            size: feedback.screenshotSize ?? 0,
          }
        : null,
      taskboard: {
        sentAt: feedback.taskboardSentAt?.toISO() ?? null,
        error: feedback.taskboardError ?? null,
        attempts: feedback.taskboardAttempts,
      },
      createdAt: feedback.createdAt.toISO()!,
      updatedAt: feedback.updatedAt?.toISO() ?? null,
    }
  }
}
