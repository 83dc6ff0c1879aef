import vine from '@vinejs/vine'
import { textBlock, textLine } from '#validators/shared/free_text'
import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES } from '#models/schedule/feedback'
import { SCREENSHOT_LIMITS } from '#services/schedule/feedback/feedback_screenshots'

/**
 * POST /api/feedback, as JSON or as multipart/form-data with the
 * screenshot as a file. The file's size and name are checked here; whether
 * it is really an image, when sharp decodes it.
 */
export const submitFeedbackValidator = vine.create({
  category: vine.enum(FEEDBACK_CATEGORIES),
  description: textBlock().minLength(1).maxLength(5000),
  pageUrl: textLine().maxLength(2000).url({ require_tld: false }).nullable().optional(),
  screenshot: vine
    .file({ size: SCREENSHOT_LIMITS.maxBytes, extnames: SCREENSHOT_LIMITS.extnames })
    .optional(),
})

/** PATCH /api/feedback/:id: the admin's triage. */
export const updateFeedbackValidator = vine.create({
  status: vine.enum(FEEDBACK_STATUSES).optional(),
  adminNotes: textBlock().maxLength(5000).nullable().optional(),
})

/** POST /api/admin/taskboard/webhook (the address rules are TaskboardWebhook's). */
export const taskboardWebhookValidator = vine.create({
  url: textLine().maxLength(2000),
})
