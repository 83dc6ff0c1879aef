/*
 * The JSON shapes of schedule's API as the pages see them (README, "schedule
 * routes"). Dates are 'YYYY-MM-DD', timestamps ISO 8601.
 */
export type { SessionUser } from './schedule_shell'

export type ResourceKind = 'crew' | 'vendor'

export type Status = {
  id: number
  name: string
  icon: string | null
  color: string
  sortOrder: number
  booksPerson: boolean
  isDefault: boolean
}

export type ProjectStatus = Omit<Status, 'booksPerson'>

export type NamedListItem = { id: number; name: string; color: string | null; sortOrder: number }

export type Client = {
  id: number
  name: string
  contactName: string | null
  email: string | null
  phone: string | null
  notes: string | null
}

export type Crew = {
  id: number
  name: string
  phone: string | null
  email: string | null
  pronouns: string | null
  vehicle: string | null
  dietary: string | null
  howWeMet: string | null
  notes: string | null
  crewRoleId: number | null
  regionId: number | null
  starred: boolean
}

export type Vendor = {
  id: number
  name: string
  contactName: string | null
  phone: string | null
  email: string | null
  website: string | null
  address: string | null
  notes: string | null
  vendorTypeId: number | null
  regionId: number | null
  starred: boolean
}

export type Location = {
  id: number
  name: string
  address: string | null
  lat: number | null
  lng: number | null
  notes: string | null
  locationTypeId: number | null
  regionId: number | null
  starred: boolean
}

export type Project = {
  id: number
  name: string
  startDate: string
  endDate: string
  color: string
  textColor: string
  notes: string | null
  clientId: number | null
  locationId: number | null
  projectStatusId: number | null
  regionId: number | null
  createdBy: string | null
  createdAt: string
  updatedAt: string | null
  crewCount?: number
  vendorCount?: number
}

export type DayNote = { id: number; date: string; note: string | null; isScheduled: boolean }

export type RosterEntry = {
  kind: ResourceKind
  id: number
  resourceId: number
  name: string
  statusId: number | null
  crewRoleId: number | null
  notes: string | null
  sortOrder: number
  dayNotes: DayNote[]
}

export type Paginated<T> = {
  meta: { total: number; perPage: number; currentPage: number; lastPage: number }
  data: T[]
}

export type Conflict = {
  kind: ResourceKind
  resourceId: number
  resourceName: string
  date: string
  projectIds: number[]
  projects: {
    id: number
    name: string
    color: string
    assignmentId: number
    statusId: number | null
  }[]
  resolution: null | {
    id: number
    note: string | null
    resolvedByName: string | null
    createdAt: string
  }
}

/** GET /api/conflicts-data. */
export type ConflictsData = { from: string; to: string; conflicts: Conflict[] }
