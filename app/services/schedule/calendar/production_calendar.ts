import db from '@adonisjs/lucid/services/db'

/** A project's day as the calendar draws it: project_day_info with its location's name. */
export type CalendarDayRow = {
  projectId: number
  date: string
  title: string | null
  callTime: string | null
  wrapTime: string | null
  notes: string | null
  /** Null when none is set or the location is in the trash. */
  location: {
    id: number
    name: string
    address: string | null
    lat: number | null
    lng: number | null
  } | null
}

/** An activity as the calendar lists it: its time, name and type's colour. */
export type CalendarActivityRow = {
  id: number
  projectId: number
  date: string
  name: string
  startTime: string
  /** Null for a milestone. */
  endTime: string | null
  marker: 'start' | 'end' | null
  type: { id: number; name: string; color: string; icon: string | null } | null
}

/*
 * Only the days a project runs on (a project moved to other dates keeps the
 * rows of its old days, which are not its days any more) and never a project
 * in the trash.
 */
const ON_RUNNING_DAYS = `JOIN projects p ON p.id = row.project_id
       AND p.deleted_at IS NULL
       AND row.date BETWEEN p.start_date AND p.end_date
     WHERE row.date BETWEEN CAST(:rangeFrom AS date) AND CAST(:rangeTo AS date)`

/**
 * What the production days of a range hold, for the calendar's day and week
 * views: each project's day title, call and wrap times and location
 * (project_day_info), and the day's activities. One query per kind for the
 * whole range, whatever the number of projects.
 */
export class ProductionCalendar {
  async days(from: string, to: string): Promise<CalendarDayRow[]> {
    const result = await db.rawQuery(
      `SELECT row.project_id, to_char(row.date, 'YYYY-MM-DD') AS date, row.title,
              row.call_time, row.wrap_time, row.notes,
              l.id AS location_id, l.name AS location_name, l.address AS location_address,
              l.lat AS location_lat, l.lng AS location_lng
         FROM project_day_info row
         LEFT JOIN locations l ON l.id = row.location_id AND l.deleted_at IS NULL
         ${ON_RUNNING_DAYS}
        ORDER BY row.date, row.project_id`,
      { rangeFrom: from, rangeTo: to }
    )
    return result.rows.map((row: Record<string, any>) => ({
      projectId: row.project_id,
      date: row.date,
      title: row.title,
      callTime: row.call_time,
      wrapTime: row.wrap_time,
      notes: row.notes,
      location:
        row.location_id === null
          ? null
          : {
              id: row.location_id,
              name: row.location_name,
              address: row.location_address,
              // numeric columns arrive as strings from pg.
              lat: row.location_lat === null ? null : Number(row.location_lat),
              lng: row.location_lng === null ? null : Number(row.location_lng),
            },
    }))
  }

  /** In the order of the day: by start time, a milestone and an activity at one time by id. */
  async activities(from: string, to: string): Promise<CalendarActivityRow[]> {
    const result = await db.rawQuery(
      `SELECT row.id, row.project_id, to_char(row.date, 'YYYY-MM-DD') AS date, row.name,
              row.start_time, row.end_time, row.marker,
              t.id AS type_id, t.name AS type_name, t.color AS type_color, t.icon AS type_icon
         FROM activities row
         LEFT JOIN activity_types t ON t.id = row.activity_type_id
         ${ON_RUNNING_DAYS}
        ORDER BY row.date, row.start_time, row.id`,
      { rangeFrom: from, rangeTo: to }
    )
    return result.rows.map((row: Record<string, any>) => ({
      id: row.id,
      projectId: row.project_id,
      date: row.date,
      name: row.name,
      startTime: row.start_time,
      endTime: row.end_time,
      marker: row.marker,
      type:
        row.type_id === null
          ? null
          : { id: row.type_id, name: row.type_name, color: row.type_color, icon: row.type_icon },
    }))
  }
}
