import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DayNotes } from '#services/schedule/projects/day_notes'
import { dayNoteListValidator, dayNoteValidator } from '#validators/schedule/day_note_validators'

/** /api/notes of spec 3: the day notes of bookings (assignment_day_notes). */
@inject()
export default class DayNotesController {
  constructor(protected dayNotes: DayNotes) {}

  async index({ request }: HttpContext) {
    const { projectId } = await request.validateUsing(dayNoteListValidator)
    return this.dayNotes.list(projectId)
  }

  async update({ request, scheduleUser }: HttpContext) {
    const input = await request.validateUsing(dayNoteValidator)
    return this.dayNotes.put(scheduleUser, input)
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.dayNotes.remove(scheduleUser, params.id)
    return { success: true }
  }
}
