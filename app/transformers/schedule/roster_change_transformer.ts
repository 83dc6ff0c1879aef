import { BaseTransformer } from '@adonisjs/core/transformers'
import type { RosterChange } from '#services/schedule/projects/roster'
import RosterEntryTransformer from '#transformers/schedule/roster_entry_transformer'
import ConflictTransformer from '#transformers/schedule/conflict_transformer'

/**
 * What adding, changing or moving a booking answers: the roster entry as it
 * is now and the open conflicts it is part of.
 */
export default class RosterChangeTransformer extends BaseTransformer<RosterChange> {
  toObject() {
    return {
      entry: RosterEntryTransformer.transform(this.resource.entry),
      conflicts: ConflictTransformer.transform(this.resource.conflicts),
    }
  }
}
