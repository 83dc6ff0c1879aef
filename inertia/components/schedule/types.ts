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

export type DayInfo = {
  /** null for a day with nothing on it (it has no row). */
  id: number | null
  projectId: number
  date: string
  title: string | null
  callTime: string | null
  wrapTime: string | null
  notes: string | null
  locationId: number | null
}

export type ProjectDetail = Project & {
  client: Client | null
  location: Location | null
  projectStatus: ProjectStatus | null
  roster: RosterEntry[]
  dayInfo: DayInfo[]
}

export type ProjectTask = {
  id: number
  projectId: number
  text: string
  completed: boolean
  completedAt: string | null
  completedBy: string | null
  completedByName: string | null
  authorId: string | null
  authorName: string | null
  sortOrder: number
}

export type ActivityLog = {
  id: number
  actorId: string | null
  actorName: string | null
  action: string
  entityType: string
  entityId: string | null
  projectId: number | null
  summary: string
  changes: Record<string, { from: unknown; to: unknown }> | null
  createdAt: string
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

export type PeopleCalendar = {
  from: string
  to: string
  people: {
    kind: ResourceKind
    id: number
    name: string
    roleId: number | null
    regionId: number | null
    starred: boolean
  }[]
  projects: Pick<
    Project,
    'id' | 'name' | 'startDate' | 'endDate' | 'color' | 'textColor' | 'projectStatusId'
  >[]
  bookings: {
    kind: ResourceKind
    assignmentId: number
    resourceId: number
    projectId: number
    statusId: number | null
    sortOrder: number
    unscheduled: string[]
    notes: Record<string, string>
  }[]
  conflicts: {
    kind: ResourceKind
    resourceId: number
    date: string
    projectIds: number[]
    resolved: boolean
  }[]
}

export type ShareLink = {
  id: number
  token: string
  url: string
  resourceType: 'project' | 'crew' | 'vendor'
  resourceId: number
  resourceName: string
  label: string | null
  expiresAt: string | null
  revokedAt: string | null
  state: 'active' | 'expired' | 'revoked'
  viewCount: number
  lastViewedAt: string | null
  createdAt: string
}

/** GET /api/conflicts-data. */
export type ConflictsData = { from: string; to: string; conflicts: Conflict[] }
