import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DayNotes } from '#services/schedule/projects/day_notes'
import { dayNoteListValidator, dayNoteValidator } from '#validators/schedule/day_note_validators'
import { serializer } from '#services/shared/serialize'
import DayNoteTransformer from '#transformers/schedule/day_note_transformer'
import DayNoteChangeTransformer from '#transformers/schedule/day_note_change_transformer'

/** /api/notes of spec 3: the day notes of bookings (assignment_day_notes). */
@inject()
export default class DayNotesController {
  constructor(protected dayNotes: DayNotes) {}

  async index({ request }: HttpContext) {
    const { projectId } = await request.validateUsing(dayNoteListValidator)
    return serializer.serialize(DayNoteTransformer.transform(await this.dayNotes.list(projectId)))
  }

  async update({ request, scheduleUser }: HttpContext) {
    const input = await request.validateUsing(dayNoteValidator)
    const change = await this.dayNotes.put(scheduleUser, input)
    return serializer.serialize(DayNoteChangeTransformer.transform(change))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.dayNotes.remove(scheduleUser, params.id)
    return { success: true }
  }
}
