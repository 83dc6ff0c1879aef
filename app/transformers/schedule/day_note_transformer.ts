import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DayNote } from '#services/schedule/projects/day_notes'

/** One day of one booking: its note and whether it is worked (spec 3, /api/notes). */
export default class DayNoteTransformer extends BaseTransformer<DayNote> {
  toObject() {
    return this.pick(this.resource, [
      'id',
      'projectId',
      'kind',
      'assignmentId',
      'date',
      'note',
      'isScheduled',
    ])
  }
}
