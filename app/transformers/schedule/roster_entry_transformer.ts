import { BaseTransformer } from '@adonisjs/core/transformers'
import type { RosterEntry } from '#services/schedule/projects/roster'

/**
 * One crew member or vendor on a project's roster, with the day notes that
 * label or unschedule single days (spec 3, project_crew / project_vendor).
 */
export default class RosterEntryTransformer extends BaseTransformer<RosterEntry> {
  toObject() {
    const entry = this.resource
    return {
      ...this.pick(entry, [
        'kind',
        'id',
        'resourceId',
        'name',
        'statusId',
        'crewRoleId',
        'notes',
        'sortOrder',
      ]),
      dayNotes: entry.dayNotes.map((note) => ({
        id: note.id,
        date: note.date,
        note: note.note,
        isScheduled: note.isScheduled,
      })),
    }
  }
}
