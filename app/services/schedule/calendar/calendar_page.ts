import { inject } from '@adonisjs/core'
import { ConflictFinder } from '#services/schedule/calendar/conflict_finder'
import { PeopleCalendar } from '#services/schedule/calendar/people_calendar'
import type { CalendarPlace, CalendarPreferences } from '#services/schedule/calendar/calendar_place'
import { ScheduleSettings } from '#services/schedule/settings/schedule_settings'
import { serializer } from '#services/shared/serialize'
import CalendarProjectTransformer from '#transformers/schedule/calendar_project_transformer'
import ConflictTransformer from '#transformers/schedule/conflict_transformer'

/**
 * The calendar page's first data: what the view at `place` draws, read the
 * way the JSON API reads it, so a later save's answer fits the same state.
 * A view gets only the parts it draws (`parts`), so the others cost no query.
 */
@inject()
export class CalendarPage {
  constructor(
    protected peopleCalendar: PeopleCalendar,
    protected conflictFinder: ConflictFinder,
    protected settings: ScheduleSettings
  ) {}

  async preferences(): Promise<CalendarPreferences> {
    const values = await this.settings.values([
      'week_starts_on',
      'default_calendar_view',
      'default_calendar_mode',
    ])
    return {
      weekStartsOn: values.week_starts_on,
      defaultView: values.default_calendar_view,
      defaultMode: values.default_calendar_mode,
    } as CalendarPreferences
  }

  /**
   * Which props the view at `place` draws: the people calendar in people mode
   * and in the projects mode's day (who works on each project that day), the
   * project bars and their conflicts in the rest of projects mode.
   */
  parts(place: CalendarPlace) {
    const bars = place.mode === 'projects' && place.view !== 'day'
    return { people: !bars, bars }
  }

  async people(place: CalendarPlace) {
    return this.peopleCalendar.range({ from: place.from, to: place.to })
  }

  /** The project bars of projects mode. */
  async projects(place: CalendarPlace) {
    const rows = await this.peopleCalendar.projects(place.from, place.to)
    return serializer.serialize(CalendarProjectTransformer.transform(rows))
  }

  /** The double bookings marked on the bars; the year marks only open ones. */
  async conflicts(place: CalendarPlace) {
    const conflicts = await this.conflictFinder.find({
      from: place.from,
      to: place.to,
      includeResolved: place.view !== 'year',
    })
    return serializer.serialize(ConflictTransformer.transform(conflicts))
  }
}
