import { BaseTransformer } from '@adonisjs/core/transformers'
import type Crew from '#models/schedule/crew'
import { timestamps } from '#services/schedule/directory/record_timestamps'

/** A crew member (spec 3, crew): every column, timestamps as ISO 8601. */
export default class CrewTransformer extends BaseTransformer<Crew> {
  toObject() {
    return {
      ...this.pick(this.resource, [
        'id',
        'name',
        'phone',
        'email',
        'pronouns',
        'vehicle',
        'dietary',
        'howWeMet',
        'notes',
        'crewRoleId',
        'regionId',
        'starred',
      ]),
      ...timestamps(this.resource),
    }
  }
}
