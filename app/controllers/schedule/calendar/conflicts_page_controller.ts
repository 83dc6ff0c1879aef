import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { pageUser } from '#services/schedule/people/page_viewer'
import { ConflictFinder } from '#services/schedule/calendar/conflict_finder'
import { addDays, isCalendarDay, today } from '#services/schedule/projects/project_days'
import { MAX_RANGE_DAYS } from '#validators/schedule/calendar_validators'
import { serializer } from '#services/shared/serialize'
import ConflictTransformer from '#transformers/schedule/conflict_transformer'

/** Without ?from and ?to the page looks this many days ahead. */
const DEFAULT_DAYS = 90

/**
 * GET /conflicts: the double bookings of the period the address names
 * (?from, ?to), resolved ones included (the page hides them until asked).
 * A period the page cannot show (backwards, too long, not dates) falls back
 * to the next DEFAULT_DAYS days rather than failing the page.
 */
@inject()
export default class ConflictsPageController {
  constructor(protected conflictFinder: ConflictFinder) {}

  async show({ inertia, request, scheduleUser }: HttpContext) {
    const range = this.range(request.qs())
    return inertia.render('schedule/conflicts', {
      user: pageUser(scheduleUser),
      range,
      conflicts: async () =>
        serializer.serialize(
          ConflictTransformer.transform(
            await this.conflictFinder.find({ ...range, includeResolved: true })
          )
        ),
    })
  }

  protected range(query: Record<string, unknown>) {
    const { from, to } = query
    if (
      typeof from === 'string' &&
      typeof to === 'string' &&
      isCalendarDay(from) &&
      isCalendarDay(to) &&
      to >= from &&
      addDays(from, MAX_RANGE_DAYS) >= to
    ) {
      return { from, to }
    }
    const start = today()
    return { from: start, to: addDays(start, DEFAULT_DAYS) }
  }
}
