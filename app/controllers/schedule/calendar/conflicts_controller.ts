import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ConflictFinder } from '#services/schedule/calendar/conflict_finder'
import { conflictRange } from '#services/schedule/calendar/conflict_resolutions'
import { conflictListValidator } from '#validators/schedule/conflict_validators'
import { serializer } from '#services/shared/serialize'
import ConflictTransformer from '#transformers/schedule/conflict_transformer'

/** GET /api/conflicts-data of spec 3: double bookings in a range. */
@inject()
export default class ConflictsController {
  constructor(protected conflictFinder: ConflictFinder) {}

  async index({ request }: HttpContext) {
    const query = await request.validateUsing(conflictListValidator)
    const range = conflictRange(query.from, query.to)
    const conflicts = await this.conflictFinder.find({
      ...range,
      includeResolved: query.includeResolved ?? false,
    })
    return {
      ...range,
      conflicts: await serializer.serialize(ConflictTransformer.transform(conflicts)),
    }
  }
}
