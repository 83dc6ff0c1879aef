import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { ConflictFinder } from '#services/schedule/calendar/conflict_finder'
import { PeopleCalendar } from '#services/schedule/calendar/people_calendar'
import { ProductionCalendar } from '#services/schedule/calendar/production_calendar'
import type { CalendarPlace, CalendarPreferences } from '#services/schedule/calendar/calendar_place'
import { ScheduleSettings } from '#services/schedule/settings/schedule_settings'
import { serializer } from '#services/shared/serialize'
import CalendarProjectTransformer from '#transformers/schedule/calendar_project_transformer'
import CalendarDayTransformer from '#transformers/schedule/calendar_day_transformer'
import CalendarActivityTransformer from '#transformers/schedule/calendar_activity_transformer'
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
    protected settings: ScheduleSettings,
    protected productionCalendar: ProductionCalendar
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
   * project bars and their conflicts in the rest of projects mode; what the
   * production days hold in the day view (both modes) and the projects week.
   */
  parts(place: CalendarPlace) {
    const bars = place.mode === 'projects' && place.view !== 'day'
    const production = place.view === 'day' || (place.mode === 'projects' && place.view === 'week')
    return { people: !bars, bars, production }
  }

  async people(place: CalendarPlace) {
    return this.peopleCalendar.range({ from: place.from, to: place.to })
  }

  /** The project bars of projects mode, with their client and crew count. */
  async projects(place: CalendarPlace) {
    const rows = await this.peopleCalendar.projectBars(place.from, place.to)
    return serializer.serialize(CalendarProjectTransformer.transform(rows).useVariant('forBars'))
  }

  /**
   * The production days of the range: every project's day info, and in the
   * day view its activities (the week shows only each day's title and times).
   */
  async production(place: CalendarPlace) {
    const days = await this.productionCalendar.days(place.from, place.to)
    const activities =
      place.view === 'day' ? await this.productionCalendar.activities(place.from, place.to) : []
    // Each list is serialised on its own, as the people calendar does.
    return {
      days: await serializer.serialize(CalendarDayTransformer.transform(days)),
      activities: await serializer.serialize(CalendarActivityTransformer.transform(activities)),
    }
  }

  /**
   * Whether anything is planned yet: on a first start (no project at all)
   * the calendar explains itself and offers the first steps, and whether
   * anyone is in the directory decides if adding people is one of them.
   */
  async setup() {
    const result = await db.rawQuery(
      `SELECT EXISTS (SELECT 1 FROM projects WHERE deleted_at IS NULL) AS has_projects,
              EXISTS (SELECT 1 FROM crews WHERE deleted_at IS NULL)
                OR EXISTS (SELECT 1 FROM vendors WHERE deleted_at IS NULL) AS has_people`
    )
    const [row] = result.rows
    return { hasProjects: Boolean(row.has_projects), hasPeople: Boolean(row.has_people) }
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
