import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DayNoteChange } from '#services/schedule/projects/day_notes'
import DayNoteTransformer from '#transformers/schedule/day_note_transformer'
import ConflictTransformer from '#transformers/schedule/conflict_transformer'

/**
 * What PUT /api/notes answers: the day as saved (null when it went back to
 * a plain worked day) and the project's open conflicts.
 */
export default class DayNoteChangeTransformer extends BaseTransformer<DayNoteChange> {
  toObject() {
    return {
      note: DayNoteTransformer.transform(this.resource.note),
      conflicts: ConflictTransformer.transform(this.resource.conflicts),
    }
  }
}
