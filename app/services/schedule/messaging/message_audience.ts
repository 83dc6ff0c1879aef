import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import type { CountryCode } from 'libphonenumber-js/max'
import { toE164 } from '#services/schedule/messaging/phone_numbers'
import { firstNameOf } from '#services/schedule/messaging/message_placeholders'
import { MessageGroupsBook } from '#services/schedule/messaging/message_groups_book'

/** Who a message goes to: a project's roster (filtered), saved groups, and/or crew and vendors picked by hand. */
export interface AudienceSelection {
  projectId?: number | null
  /** Roster filters; empty or missing means everyone on the roster. */
  statusIds?: number[]
  crewRoleIds?: number[]
  crewIds?: number[]
  vendorIds?: number[]
  /** Saved groups: their crew and vendors, as if picked by hand. */
  groupIds?: number[]
}

export interface AudienceMember {
  resourceType: 'crew' | 'vendor'
  resourceId: number
  name: string
  firstName: string
  /** E.164, or null when the record holds no valid number. */
  phone: string | null
  /** As stored, for the page to show what was not a valid number. */
  phoneAsEntered: string | null
  email: string | null
}

export function defaultCountry() {
  return (env.get('SMS_DEFAULT_COUNTRY') ?? 'US').toUpperCase() as CountryCode
}

/**
 * Resolves a selection to people, each once (a person both on the roster
 * and picked by hand gets one copy). Trashed crew and vendors get nothing.
 */
export async function resolveAudience(selection: AudienceSelection): Promise<AudienceMember[]> {
  const crewIds = new Set(selection.crewIds ?? [])
  const vendorIds = new Set(selection.vendorIds ?? [])
  if (selection.groupIds?.length) {
    const members = await new MessageGroupsBook().memberIds(selection.groupIds)
    members.crew.forEach((id) => crewIds.add(id))
    members.vendor.forEach((id) => vendorIds.add(id))
  }

  if (selection.projectId) {
    const crewRoster = db
      .from('project_crew')
      .join('crews', 'crews.id', 'project_crew.crew_id')
      .where('project_crew.project_id', selection.projectId)
      .select('project_crew.crew_id as id')
    if (selection.statusIds?.length) {
      crewRoster.whereIn('project_crew.status_id', selection.statusIds)
    }
    if (selection.crewRoleIds?.length) {
      crewRoster.whereIn(
        db.raw('coalesce(project_crew.crew_role_id, crews.crew_role_id)'),
        selection.crewRoleIds
      )
    }
    for (const row of await crewRoster) {
      crewIds.add(row.id)
    }
    // Roles are crew's; a role filter leaves vendors out.
    if (!selection.crewRoleIds?.length) {
      const vendorRoster = db
        .from('project_vendor')
        .where('project_id', selection.projectId)
        .select('vendor_id as id')
      if (selection.statusIds?.length) {
        vendorRoster.whereIn('status_id', selection.statusIds)
      }
      for (const row of await vendorRoster) {
        vendorIds.add(row.id)
      }
    }
  }

  const country = defaultCountry()
  const crew = crewIds.size
    ? await db
        .from('crews')
        .whereIn('id', [...crewIds])
        .whereNull('deleted_at')
        .select('id', 'name', 'phone', 'email')
        .orderBy('name')
    : []
  const vendors = vendorIds.size
    ? await db
        .from('vendors')
        .whereIn('id', [...vendorIds])
        .whereNull('deleted_at')
        .select('id', 'name', 'contact_name', 'phone', 'email')
        .orderBy('name')
    : []
  return [
    ...crew.map((row) => ({
      resourceType: 'crew' as const,
      resourceId: row.id,
      name: row.name,
      firstName: firstNameOf(row.name),
      phone: toE164(row.phone, country),
      phoneAsEntered: row.phone,
      email: row.email?.trim() || null,
    })),
    ...vendors.map((row) => ({
      resourceType: 'vendor' as const,
      resourceId: row.id,
      name: row.name,
      firstName: firstNameOf(row.contact_name ?? row.name),
      phone: toE164(row.phone, country),
      phoneAsEntered: row.phone,
      email: row.email?.trim() || null,
    })),
  ]
}

/** Every crew member and vendor in use, by name: who can be put in a saved group. */
export async function messagingPeople() {
  const inUse = (table: 'crews' | 'vendors') =>
    db.from(table).whereNull('deleted_at').select('id', 'name').orderByRaw('lower(name)')
  const crew = await inUse('crews')
  const vendors = await inUse('vendors')
  return [
    ...crew.map((row) => ({
      resourceType: 'crew' as const,
      resourceId: row.id as number,
      name: row.name as string,
    })),
    ...vendors.map((row) => ({
      resourceType: 'vendor' as const,
      resourceId: row.id as number,
      name: row.name as string,
    })),
  ]
}
