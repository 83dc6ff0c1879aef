import { BaseTransformer } from '@adonisjs/core/transformers'
import type ResourceNote from '#models/schedule/resource_note'

/** A staff note about a crew member, vendor or location (spec 3, resource_notes). */
export default class ResourceNoteTransformer extends BaseTransformer<ResourceNote> {
  toObject() {
    const note = this.resource
    return {
      ...this.pick(note, [
        'id',
        'resourceType',
        'resourceId',
        'body',
        'pinned',
        'authorId',
        'authorName',
      ]),
      createdAt: note.createdAt.toISO()!,
      updatedAt: note.updatedAt?.toISO() ?? null,
    }
  }
}
