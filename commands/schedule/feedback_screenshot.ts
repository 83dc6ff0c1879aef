import { args, flags } from '@adonisjs/core/ace'
import { ScheduleAdminCommand } from '#commands/schedule/_schedule_admin_command'

/** The file ending of a screenshot's type; the browser sends PNG or JPEG. */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
}

export default class ScheduleFeedbackScreenshot extends ScheduleAdminCommand {
  static commandName = 'schedule:feedback:screenshot'
  static description = "Save a feedback's screenshot to a file (the Feedback page's image)"

  @args.string({ description: 'Id of the feedback' })
  declare id: string

  @flags.string({ description: 'The file to write (feedback-<id>.png by default)' })
  declare out?: string

  @flags.boolean({ description: 'Overwrite the file if it exists' })
  declare force?: boolean

  async run() {
    const id = this.recordId(this.id)
    if (id === null) {
      return
    }
    const { writeFile } = await import('node:fs/promises')
    const { FeedbackInbox } = await import('#services/schedule/feedback/feedback_inbox')
    const inbox = await this.app.container.make(FeedbackInbox)
    await this.guarded(async () => {
      const { bytes, contentType } = await inbox.screenshot(id)
      const out = this.out ?? `feedback-${id}.${EXTENSIONS[contentType] ?? 'bin'}`
      try {
        // 'wx' refuses an existing file, so nothing is overwritten by mistake.
        await writeFile(out, bytes, { flag: this.force ? 'w' : 'wx' })
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'EEXIST') {
          return this.fail(`${out} exists: choose another --out, or --force to overwrite it`)
        }
        if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
          return this.fail(`Cannot write ${out}: ${code}`)
        }
        throw error
      }
      this.logger.success(
        `Saved the screenshot of feedback #${id} to ${out} (${bytes.length} bytes, ${contentType})`
      )
    })
  }
}
