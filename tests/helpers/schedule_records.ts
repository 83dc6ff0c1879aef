import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import Crew from '#models/schedule/crew'
import Vendor from '#models/schedule/vendor'
import Location from '#models/schedule/location'
import Client from '#models/schedule/client'
import Project from '#models/schedule/project'
import ProjectCrew from '#models/schedule/project_crew'
import ProjectVendor from '#models/schedule/project_vendor'
import PublicShareLink from '#models/schedule/public_share_link'

/*
 * Scheduling records for tests, written straight through the models. Names
 * get a random suffix so records of one test never collide with another's.
 * Each factory returns the refreshed row, so unset columns hold their
 * database defaults.
 */

function unique(prefix: string) {
  return `${prefix} ${randomBytes(3).toString('hex')}`
}

export async function createCrew(fields: Partial<ModelAttributes<Crew>> = {}) {
  const crew = await Crew.create({ name: unique('Crew'), ...fields })
  return crew.refresh()
}

export async function createVendor(fields: Partial<ModelAttributes<Vendor>> = {}) {
  const vendor = await Vendor.create({ name: unique('Vendor'), ...fields })
  return vendor.refresh()
}

export async function createLocation(fields: Partial<ModelAttributes<Location>> = {}) {
  const location = await Location.create({ name: unique('Location'), ...fields })
  return location.refresh()
}

export async function createClient(fields: Partial<ModelAttributes<Client>> = {}) {
  const client = await Client.create({ name: unique('Client'), ...fields })
  return client.refresh()
}

/** A project running from `startDate` to `endDate` ('YYYY-MM-DD', inclusive). */
export async function createProject(
  startDate: string,
  endDate: string,
  fields: Partial<ModelAttributes<Project>> = {}
) {
  const project = await Project.create({ name: unique('Project'), startDate, endDate, ...fields })
  return project.refresh()
}

export async function assignCrew(
  project: Project,
  crew: Crew,
  fields: Partial<ModelAttributes<ProjectCrew>> = {}
) {
  const assignment = await ProjectCrew.create({ projectId: project.id, crewId: crew.id, ...fields })
  return assignment.refresh()
}

export async function assignVendor(
  project: Project,
  vendor: Vendor,
  fields: Partial<ModelAttributes<ProjectVendor>> = {}
) {
  const assignment = await ProjectVendor.create({
    projectId: project.id,
    vendorId: vendor.id,
    ...fields,
  })
  return assignment.refresh()
}

/** Moves a record to the trash the way DELETE does. */
export async function trash<Trashable extends Crew | Vendor | Location | Project>(
  record: Trashable
) {
  record.deletedAt = DateTime.now()
  await record.save()
  return record
}

export type ActivityEntryView = {
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

/** The newest activity entries as GET /api/activity-logs shows them to `session`. */
export async function activityEntries(
  client: ApiClient,
  session: Record<string, string | number>,
  filter: Record<string, string | number> = {}
) {
  const response = await client.get('/api/activity-logs').qs(filter).withSession(session)
  response.assertStatus(200)
  return response.body().data as ActivityEntryView[]
}

/** A share link to a project, crew member or vendor, with a fresh token. */
export function createShareLink(
  resourceType: 'project' | 'crew' | 'vendor',
  resourceId: number,
  fields: Partial<{ expiresAt: DateTime; revokedAt: DateTime; label: string }> = {}
) {
  return PublicShareLink.create({
    token: randomBytes(32).toString('base64url'),
    resourceType,
    resourceId,
    ...fields,
  })
}
