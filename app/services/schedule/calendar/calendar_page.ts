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
 * A part the view does not draw is null and costs no query.
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

  /** People mode, and the projects mode's day (who works on each project that day). */
  async people(place: CalendarPlace) {
    if (place.mode !== 'people' && place.view !== 'day') return null
    return this.peopleCalendar.range({ from: place.from, to: place.to })
  }

  /** The project bars of projects mode. */
  async projects(place: CalendarPlace) {
    if (!this.drawsBars(place)) return null
    const rows = await this.peopleCalendar.projects(place.from, place.to)
    return serializer.serialize(CalendarProjectTransformer.transform(rows))
  }

  /** The double bookings marked on the bars; the year marks only open ones. */
  async conflicts(place: CalendarPlace) {
    if (!this.drawsBars(place)) return null
    const conflicts = await this.conflictFinder.find({
      from: place.from,
      to: place.to,
      includeResolved: place.view !== 'year',
    })
    return serializer.serialize(ConflictTransformer.transform(conflicts))
  }

  protected drawsBars(place: CalendarPlace) {
    return place.mode === 'projects' && place.view !== 'day'
  }
}
