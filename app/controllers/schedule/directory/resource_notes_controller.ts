import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ResourceNotes } from '#services/schedule/directory/resource_notes'
import {
  createResourceNoteValidator,
  resourceNoteListValidator,
  updateResourceNoteValidator,
} from '#validators/schedule/resource_note_validators'

/** /api/resource-notes of spec 3: notes about a crew member, vendor or location. */
@inject()
export default class ResourceNotesController {
  constructor(protected notes: ResourceNotes) {}

  async index({ request }: HttpContext) {
    return this.notes.list(await request.validateUsing(resourceNoteListValidator))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createResourceNoteValidator)
    return response.status(201).send(await this.notes.create(fields, scheduleUser))
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateResourceNoteValidator)
    return this.notes.update(params.id, fields, scheduleUser)
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.notes.delete(params.id, scheduleUser)
    return { success: true }
  }
}
