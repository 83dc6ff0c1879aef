import type { Data } from '~generated/data'

/**
 * The admin-editable lists ("Lists" page) that label and colour everything
 * else. Signed-in pages receive them as their `lookups` prop
 * (ScheduleLookups on the server), never by fetching after mount.
 */
export type Lookups = {
  statuses: Data.Schedule.Status[]
  projectStatuses: Data.Schedule.ProjectStatus[]
  crewRoles: Data.Schedule.NamedListItem[]
  vendorTypes: Data.Schedule.NamedListItem[]
  locationTypes: Data.Schedule.NamedListItem[]
  regions: Data.Schedule.NamedListItem[]
  /** The day grid paints activities in their type's colour, with its icon. */
  activityTypes: Data.Schedule.ActivityType[]
}

export type LookupName = keyof Lookups

export function findById<T extends { id: number }>(items: T[], id: number | null | undefined) {
  return id === null || id === undefined ? undefined : items.find((item) => item.id === id)
}

export function nameOf(items: { id: number; name: string }[], id: number | null | undefined) {
  return findById(items, id)?.name ?? null
}
