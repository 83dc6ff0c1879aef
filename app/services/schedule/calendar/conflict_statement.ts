/*
 * The statement behind ConflictFinder, apart from it (and from any database
 * service) so that the benchmark can EXPLAIN ANALYZE exactly what the
 * server runs.
 */
import { ROSTER_TABLES, type ResourceKind } from '#services/schedule/projects/roster_tables'

export type ConflictQuery = {
  /** First and last day, 'YYYY-MM-DD', inclusive. */
  from: string
  to: string
  /** Only conflicts this project is part of. */
  projectId?: number
  /** Only this person's conflicts. */
  resource?: { kind: ResourceKind; id: number }
  /** Only one kind of person. */
  kind?: ResourceKind
  /** Resolved conflicts too (with their resolution); default: open ones only. */
  includeResolved?: boolean
}

/*
 * Every day a person of one kind is booked in the range on a booking that
 * can clash: each booking expanded to its project's days (clipped to the
 * range), without the days a day note unschedules, and only where the
 * project and the person are active and the status books the person (a
 * booking without a status books them).
 *
 * A day can only be double booked where two of a person's bookings overlap,
 * and most bookings overlap none (a scheduler books people where they are
 * free). So the bookings are first reduced to their first and last day,
 * sorted per person by first day, and kept only when one that starts earlier
 * reaches this one's first day (`reach_before`) or the next one starts by
 * this one's last day (`next_first`). Only those are expanded to days: a
 * year of 1,000 projects is some 8,600 bookings and 28,700 booked days, of
 * which a few hundred days are on overlapping bookings. Every booking that
 * covers a clashing day overlaps another, so the counts per day are exactly
 * those of expanding everything. A trashed person's bookings all fall in
 * their own partition, so they can be dropped after the window; trashed
 * projects and statuses that do not book must go before it.
 */
function bookedDays(kind: ResourceKind, query: ConflictQuery) {
  const { assignments, resourceColumn, people, noteColumn } = ROSTER_TABLES[kind]
  const filters: string[] = []
  if (query.resource) {
    filters.push(`AND a.${resourceColumn} = :resourceId`)
  }
  if (query.projectId !== undefined) {
    // Only people on that project can share a day with it.
    filters.push(
      `AND a.${resourceColumn} IN (SELECT ${resourceColumn} FROM ${assignments} WHERE project_id = :projectId)`
    )
  }
  return `
    SELECT '${kind}'::text AS kind, b.resource_id, person.name AS resource_name,
           a.id AS assignment_id, a.status_id, p.id AS project_id, p.name AS project_name,
           p.color AS project_color, day::date AS date
      FROM (
        SELECT assignment_id, resource_id, first_day, last_day,
               max(last_day) OVER (PARTITION BY resource_id ORDER BY first_day, assignment_id
                                   ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reach_before,
               lead(first_day) OVER (PARTITION BY resource_id ORDER BY first_day, assignment_id) AS next_first
          FROM (
            SELECT a.id AS assignment_id, a.${resourceColumn} AS resource_id,
                   greatest(p.start_date, CAST(:rangeFrom AS date)) AS first_day,
                   least(p.end_date, CAST(:rangeTo AS date)) AS last_day
              FROM ${assignments} a
              JOIN projects p ON p.id = a.project_id
             WHERE p.deleted_at IS NULL
               AND (a.status_id IS NULL OR a.status_id IN (SELECT id FROM statuses WHERE books_person))
               AND p.start_date <= CAST(:rangeTo AS date)
               AND p.end_date >= CAST(:rangeFrom AS date)
               ${filters.join('\n               ')}
          ) spans
      ) b
      JOIN ${assignments} a ON a.id = b.assignment_id
      JOIN projects p ON p.id = a.project_id
      JOIN ${people} person ON person.id = b.resource_id AND person.deleted_at IS NULL
      CROSS JOIN LATERAL generate_series(b.first_day, b.last_day, interval '1 day') AS day
     WHERE (b.reach_before >= b.first_day OR b.next_first <= b.last_day)
       AND NOT EXISTS (
         SELECT 1 FROM assignment_day_notes n
          WHERE n.${noteColumn} = b.assignment_id AND n.date = day::date AND n.is_scheduled = false
       )`
}

/**
 * The double bookings in `query` as one SQL statement with named bindings
 * (`:rangeFrom`), one row per person and day, sorted by day then name.
 */
export function conflictStatement(query: ConflictQuery) {
  const kinds = query.resource
    ? [query.resource.kind]
    : query.kind
      ? [query.kind]
      : (['crew', 'vendor'] as const)
  const having = query.projectId === undefined ? '' : 'AND bool_or(project_id = :projectId)'
  const open = query.includeResolved ? '' : 'WHERE r.id IS NULL'
  /*
   * Most booked days are nobody's conflict: find the clashing (person, day)
   * pairs with a cheap count first and build the details for those only.
   */
  const sql = `
      WITH booked AS MATERIALIZED (
        ${kinds.map((kind) => bookedDays(kind, query)).join('\n UNION ALL \n')}
      ),
      clashes AS (
        SELECT kind, resource_id, date
          FROM booked
         GROUP BY kind, resource_id, date
        HAVING count(*) >= 2 ${having}
      ),
      conflicts AS (
        SELECT kind, resource_id, min(resource_name) AS resource_name, date,
               array_agg(project_id ORDER BY project_id) AS project_ids,
               json_agg(json_build_object(
                 'id', project_id, 'name', project_name, 'color', project_color,
                 'assignmentId', assignment_id, 'statusId', status_id
               ) ORDER BY project_id) AS projects
          FROM booked JOIN clashes USING (kind, resource_id, date)
         GROUP BY kind, resource_id, date
      )
      SELECT c.kind, c.resource_id, c.resource_name, to_char(c.date, 'YYYY-MM-DD') AS date,
             c.project_ids, c.projects,
             r.id AS resolution_id, r.note AS resolution_note,
             r.resolved_by_name, r.created_at AS resolved_at
        FROM conflicts c
        LEFT JOIN conflict_resolutions r
          ON r.resource_type = c.kind AND r.resource_id = c.resource_id
         AND r.date = c.date AND r.project_ids = c.project_ids
        ${open}
       ORDER BY c.date, lower(c.resource_name), c.kind, c.resource_id`
  const bindings: Record<string, string | number> = {
    rangeFrom: query.from,
    rangeTo: query.to,
  }
  if (query.resource) {
    bindings.resourceId = query.resource.id
  }
  if (query.projectId !== undefined) {
    bindings.projectId = query.projectId
  }
  return { sql, bindings }
}
