import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ResourceNotes } from '#services/schedule/directory/resource_notes'
import {
  createResourceNoteValidator,
  resourceNoteListValidator,
  updateResourceNoteValidator,
} from '#validators/schedule/resource_note_validators'
import { serializer } from '#services/shared/serialize'
import ResourceNoteTransformer from '#transformers/schedule/resource_note_transformer'

/** /api/resource-notes of spec 3: notes about a crew member, vendor or location. */
@inject()
export default class ResourceNotesController {
  constructor(protected notes: ResourceNotes) {}

  async index({ request }: HttpContext) {
    const notes = await this.notes.list(await request.validateUsing(resourceNoteListValidator))
    return serializer.serialize(ResourceNoteTransformer.transform(notes))
  }

  async store({ request, response, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(createResourceNoteValidator)
    const note = await this.notes.create(fields, scheduleUser)
    return response
      .status(201)
      .send(await serializer.serialize(ResourceNoteTransformer.transform(note)))
  }

  async update({ params, request, scheduleUser }: HttpContext) {
    const fields = await request.validateUsing(updateResourceNoteValidator)
    const note = await this.notes.update(params.id, fields, scheduleUser)
    return serializer.serialize(ResourceNoteTransformer.transform(note))
  }

  async destroy({ params, scheduleUser }: HttpContext) {
    await this.notes.delete(params.id, scheduleUser)
    return { success: true }
  }
}
