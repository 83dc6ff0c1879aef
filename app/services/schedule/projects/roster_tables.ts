/*
 * The roster tables by kind of person, apart from project_records so that
 * what only builds SQL (the conflicts statement, which the benchmark
 * explains) needs no database service.
 */
export type ResourceKind = 'crew' | 'vendor'

/** Where each kind of booking lives: crew and vendor rosters are twin tables. */
export const ROSTER_TABLES = {
  crew: {
    assignments: 'project_crew',
    resourceColumn: 'crew_id',
    resourceField: 'crewId',
    people: 'crews',
    noteColumn: 'project_crew_id',
    label: 'crew member',
  },
  vendor: {
    assignments: 'project_vendor',
    resourceColumn: 'vendor_id',
    resourceField: 'vendorId',
    people: 'vendors',
    noteColumn: 'project_vendor_id',
    label: 'vendor',
  },
} as const
