import { readFile } from 'node:fs/promises'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type AppUser from '#models/schedule/app_user'
import Feedback, { type FeedbackCategory, type FeedbackStatus } from '#models/schedule/feedback'
import { JobRuntime } from '#services/shared/jobs/job_runtime'
import { RecordNotFoundError } from '#services/schedule/directory/record_errors'
import {
  FeedbackScreenshots,
  type StoredScreenshot,
} from '#services/schedule/feedback/feedback_screenshots'
import { TASKBOARD_CARD_JOB, TaskboardWebhook } from '#services/schedule/feedback/taskboard_webhook'

/** Feedback one person may send (each may become a taskboard card). */
export const FEEDBACK_RATE_LIMIT = { requests: 20, window: '1 hour' } as const

export type NewFeedback = {
  category: FeedbackCategory
  description: string
  pageUrl?: string | null
}

/**
 * In-app feedback (spec 3, /api/feedback): anyone signed in sends it, with
 * an optional screenshot; admins triage it. A new feedback's taskboard card
 * job is created in the same transaction as the feedback, so neither exists
 * without the other.
 */
@inject()
export class FeedbackInbox {
  constructor(
    protected jobs: JobRuntime,
    protected screenshots: FeedbackScreenshots,
    protected taskboard: TaskboardWebhook
  ) {}

  async submit(reporter: AppUser, fields: NewFeedback, screenshot?: MultipartFile | Buffer) {
    let stored: StoredScreenshot | null = null
    if (screenshot) {
      const bytes = Buffer.isBuffer(screenshot) ? screenshot : await readFile(screenshot.tmpPath!)
      stored = await this.screenshots.store(bytes)
    }
    try {
      const sendCard = await this.taskboard.isConnected()
      return await db.transaction(async (trx) => {
        const feedback = await Feedback.create(
          {
            userId: reporter.id,
            reporterName: reporter.displayName,
            reporterEmail: reporter.email,
            category: fields.category,
            description: fields.description,
            pageUrl: fields.pageUrl ?? null,
            screenshotKey: stored?.key ?? null,
            screenshotType: stored?.contentType ?? null,
            screenshotWidth: stored?.width ?? null,
            screenshotHeight: stored?.height ?? null,
            screenshotSize: stored?.size ?? null,
            status: 'new',
            taskboardAttempts: 0,
          },
          { client: trx }
        )
        if (sendCard) {
          await this.jobs.send(TASKBOARD_CARD_JOB, { feedbackId: feedback.id }, { client: trx })
        }
        return feedback
      })
    } catch (error) {
      // No feedback, no file: nothing else points at it.
      if (stored) {
        await this.screenshots.remove(stored.key)
      }
      throw error
    }
  }

  /** Newest first. */
  async list() {
    return Feedback.query().orderBy('created_at', 'desc').orderBy('id', 'desc')
  }

  async find(id: number) {
    const feedback = await Feedback.find(id)
    if (!feedback) {
      throw new RecordNotFoundError('Feedback not found')
    }
    return feedback
  }

  async update(id: number, changes: { status?: FeedbackStatus; adminNotes?: string | null }) {
    const feedback = await this.find(id)
    if (changes.status !== undefined) {
      feedback.status = changes.status
    }
    if (changes.adminNotes !== undefined) {
      feedback.adminNotes = changes.adminNotes || null
    }
    await feedback.save()
    return feedback
  }

  /** The feedback and its screenshot; a card's screenshot link stops working with it. */
  async remove(id: number) {
    const feedback = await this.find(id)
    await feedback.delete()
    if (feedback.screenshotKey) {
      await this.screenshots.remove(feedback.screenshotKey)
    }
  }

  /** The screenshot's bytes and type, for an admin or a valid signed link. */
  async screenshot(id: number, expectedKey?: string) {
    const feedback = await Feedback.find(id)
    if (!feedback?.screenshotKey || (expectedKey && feedback.screenshotKey !== expectedKey)) {
      throw new RecordNotFoundError('Screenshot not found')
    }
    return {
      bytes: await this.screenshots.read(feedback.screenshotKey),
      contentType: feedback.screenshotType ?? 'application/octet-stream',
    }
  }
}
