import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type AppUser from '#models/schedule/app_user'
import type Project from '#models/schedule/project'
import CallSheetConfig from '#models/schedule/call_sheet_config'
import CallSheetDayOverride from '#models/schedule/call_sheet_day_override'
import CallSheetContact from '#models/schedule/call_sheet_contact'
import { ActivityLogger, changedFields } from '#services/schedule/activity/activity_logger'
import { CalendarSyncSettings } from '#services/schedule/calendar_sync/calendar_sync_settings'
import { RecordNotFoundError, invalidField } from '#services/schedule/directory/record_errors'
import { daysBetween, formatDay, isWithin } from '#services/schedule/projects/project_days'
import { activeProject, checkReference } from '#services/schedule/projects/project_records'
import { Activities } from '#services/schedule/production/activities'
import { sunTimes, type SunTimes } from '#services/schedule/production/sun_times'
import { writeCallSheetsPdf } from '#services/schedule/production/call_sheet_document'
import type { PreparedExport } from '#services/schedule/exports/schedule_exports'
import { fileStem } from '#services/schedule/exports/printed_document'
import { ShareView } from '#services/schedule/sharing/share_view'
import { applyOrder, namesEachOnce } from '#services/schedule/projects/sort_order'

import {
  CALL_SHEET_SECTIONS,
  type CallSheetSection,
} from '#services/schedule/production/call_sheet_sections'

export { CALL_SHEET_SECTIONS, type CallSheetSection }

export type ConfigFields = Partial<{
  hiddenSections: CallSheetSection[]
  companyName: string | null
  companyAddress: string | null
  companyPhone: string | null
  companyEmail: string | null
  generalCall: string | null
  emergencyInfo: string | null
  timezone: string | null
  publicCrewIds: number[]
  publicVendorIds: number[]
}>

export type OverrideFields = Partial<{
  generalCall: string | null
  locationId: number | null
  notes: string | null
  weatherNote: string | null
  parking: string | null
  nearestHospital: string | null
  safetyNotes: string | null
  /** project_crew id → 'HH:MM' or null to fall back to the general call. */
  crewCalls: Record<string, string | null>
}>

export type ContactFields = {
  role: string
  name: string
  phone?: string | null
  email?: string | null
  isPublic?: boolean
}

export type SheetPlace = {
  name: string
  address: string | null
  mapUrl: string | null
  lat: number | null
  lng: number | null
  /** What happens there: "Main unit", or the activities held there. */
  use: string
  sun: SunTimes | null
}

export type CallSheet = {
  project: { id: number; name: string; client: string | null; color: string }
  date: string
  dayNumber: number
  dayCount: number
  title: string | null
  sections: CallSheetSection[]
  company: {
    name: string | null
    address: string | null
    phone: string | null
    email: string | null
  }
  generalCall: string | null
  wrapTime: string | null
  locations: SheetPlace[]
  parking: string | null
  nearestHospital: string | null
  weatherNote: string | null
  emergencyInfo: string | null
  safetyNotes: string | null
  notes: string[]
  schedule: {
    id: number
    startTime: string
    endTime: string | null
    name: string
    type: string | null
    color: string | null
    marker: 'start' | 'end' | null
    location: string | null
    participants: string[]
    notes: string | null
  }[]
  crew: {
    assignmentId: number
    name: string
    role: string | null
    callTime: string | null
    /** Whether callTime is this person's own, not the general call. */
    ownCall: boolean
    phone: string | null
    email: string | null
  }[]
  vendors: {
    assignmentId: number
    name: string
    type: string | null
    contactName: string | null
    phone: string | null
    email: string | null
  }[]
  contacts: { id: number; role: string; name: string; phone: string | null; email: string | null }[]
}

const DEFAULT_CONFIG = {
  hiddenSections: [] as CallSheetSection[],
  companyName: null,
  companyAddress: null,
  companyPhone: null,
  companyEmail: null,
  generalCall: null,
  emergencyInfo: null,
  timezone: null,
  publicCrewIds: [] as number[],
  publicVendorIds: [] as number[],
}

const OVERRIDE_FIELDS = [
  'generalCall',
  'locationId',
  'notes',
  'weatherNote',
  'parking',
  'nearestHospital',
  'safetyNotes',
] as const

/** A map search for an address (or coordinates): opens in any phone's maps app. */
function mapUrl(place: { address: string | null; lat: number | null; lng: number | null }) {
  const query =
    place.lat !== null && place.lng !== null ? `${place.lat},${place.lng}` : place.address
  return query
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
    : null
}

/**
 * Call sheets (spec 3, call_sheet_config, call_sheet_day_overrides,
 * call_sheet_contacts): what the crew reads the night before a shoot day,
 * generated from the project, its day info, roster and activities, with the
 * project's configuration and the day's overrides on top.
 *
 * The general call of a day is, first found: the day's override, the day
 * info's call time, the configuration's default. A person's call is their
 * own call of the day, else the general call.
 */
@inject()
export class CallSheets {
  constructor(
    protected activity: ActivityLogger,
    protected activities: Activities,
    protected calendarSettings: CalendarSyncSettings,
    protected shareView: ShareView
  ) {}

  async config(projectId: number) {
    await activeProject(projectId)
    return (
      (await CallSheetConfig.findBy('project_id', projectId)) ??
      new CallSheetConfig().merge({ projectId, ...DEFAULT_CONFIG })
    )
  }

  async putConfig(actor: AppUser, projectId: number, fields: ConfigFields) {
    return db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      for (const [field, table, ids] of [
        ['publicCrewIds', 'project_crew', fields.publicCrewIds],
        ['publicVendorIds', 'project_vendor', fields.publicVendorIds],
      ] as const) {
        if (!ids || ids.length === 0) continue
        const found = await trx
          .from(table)
          .where('project_id', project.id)
          .whereIn('id', ids)
          .count('* as total')
        if (Number(found[0].total) !== new Set(ids).size) {
          throw invalidField(field, 'Only people on this project’s roster', 'onRoster')
        }
      }
      const existing = await CallSheetConfig.query({ client: trx })
        .where('project_id', project.id)
        .first()
      const config = existing ?? new CallSheetConfig().merge({ projectId, ...DEFAULT_CONFIG })
      const before = config.serialize()
      config.useTransaction(trx).merge(fields)
      await config.save()
      await this.activity.record(
        actor,
        {
          action: existing ? 'update' : 'create',
          entityType: 'call_sheet_config',
          entityId: config.id,
          projectId: project.id,
          summary: `Changed the call sheet settings of "${project.name}"`,
          changes: changedFields(before, config.serialize()),
        },
        trx
      )
      return config
    })
  }

  async override(projectId: number, date: string) {
    const project = await activeProject(projectId)
    this.checkDay(project, date)
    return (
      (await CallSheetDayOverride.query()
        .where('project_id', projectId)
        .where('date', date)
        .first()) ?? this.emptyOverride(projectId, date)
    )
  }

  async putOverride(actor: AppUser, projectId: number, date: string, fields: OverrideFields) {
    await checkReference('locations', 'locationId', fields.locationId)
    return db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      this.checkDay(project, date)
      if (fields.crewCalls) {
        const ids = Object.keys(fields.crewCalls).map(Number)
        const found = await trx
          .from('project_crew')
          .where('project_id', project.id)
          .whereIn('id', ids)
          .select('id')
        if (ids.some((id) => !Number.isInteger(id)) || found.length !== ids.length) {
          throw invalidField('crewCalls', 'Only crew on this project’s roster', 'onRoster')
        }
      }
      const existing = await CallSheetDayOverride.query({ client: trx })
        .where('project_id', project.id)
        .where('date', date)
        .first()
      const override = existing ?? this.emptyOverride(project.id, date)
      const before = { ...this.overrideFields(override), crewCalls: override.crewCalls }
      const { crewCalls, ...rest } = fields
      override.merge(rest)
      if (crewCalls) {
        const calls = { ...override.crewCalls }
        for (const [id, time] of Object.entries(crewCalls)) {
          if (time === null) delete calls[id]
          else calls[id] = time
        }
        override.crewCalls = calls
      }
      const changes = changedFields(before, {
        ...this.overrideFields(override),
        crewCalls: override.crewCalls,
      })
      if (!changes) return override
      await override.useTransaction(trx).save()
      await this.activity.record(
        actor,
        {
          action: existing ? 'update' : 'create',
          entityType: 'call_sheet_day_override',
          entityId: override.id,
          projectId: project.id,
          summary: `Changed the call sheet of ${formatDay(date)} on "${project.name}"`,
          changes,
        },
        trx
      )
      return override
    })
  }

  /** The days of the project whose call sheet says something of its own, first day first. */
  async overrides(projectId: number) {
    await activeProject(projectId)
    return CallSheetDayOverride.query().where('project_id', projectId).orderBy('date')
  }

  async contacts(projectId: number) {
    await activeProject(projectId)
    return CallSheetContact.query()
      .where('project_id', projectId)
      .orderBy('sort_order')
      .orderBy('id')
  }

  async addContact(actor: AppUser, projectId: number, fields: ContactFields) {
    return db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      const last = await trx
        .from('call_sheet_contacts')
        .where('project_id', project.id)
        .max('sort_order as last')
        .first()
      const contact = await CallSheetContact.create(
        { projectId: project.id, sortOrder: (last?.last ?? -1) + 1, ...fields },
        { client: trx }
      )
      await this.activity.record(
        actor,
        {
          action: 'create',
          entityType: 'call_sheet_contact',
          entityId: contact.id,
          projectId: project.id,
          summary: `Added ${contact.name} (${contact.role}) to the call sheets of "${project.name}"`,
        },
        trx
      )
      return contact.refresh()
    })
  }

  async updateContact(
    actor: AppUser,
    projectId: number,
    contactId: number,
    fields: Partial<ContactFields> & { sortOrder?: number }
  ) {
    return db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      const contact = await this.findContact(project.id, contactId)
      const before = contact.serialize()
      await contact.useTransaction(trx).merge(fields).save()
      await this.activity.record(
        actor,
        {
          action: 'update',
          entityType: 'call_sheet_contact',
          entityId: contact.id,
          projectId: project.id,
          summary: `Changed the call sheet contact ${contact.name} of "${project.name}"`,
          changes: changedFields(before, contact.serialize()),
        },
        trx
      )
      return contact
    })
  }

  /** Puts the project's contacts in the order of `ids`, which must name each of them once. */
  async reorderContacts(actor: AppUser, projectId: number, ids: number[]) {
    await db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      const rows = await trx
        .from('call_sheet_contacts')
        .where('project_id', project.id)
        .select('id')
      if (!namesEachOnce(ids, rows)) {
        throw invalidField('ids', 'List every contact of the project exactly once', 'order')
      }
      await applyOrder('call_sheet_contacts', ids, trx)
      await this.activity.record(
        actor,
        {
          action: 'reorder',
          entityType: 'call_sheet_contact',
          entityId: null,
          projectId: project.id,
          summary: `Reordered the call sheet contacts of "${project.name}"`,
        },
        trx
      )
    })
    return this.contacts(projectId)
  }

  async removeContact(actor: AppUser, projectId: number, contactId: number) {
    await db.transaction(async (trx) => {
      const project = await activeProject(projectId, trx, { lock: true })
      const contact = await this.findContact(project.id, contactId)
      await contact.useTransaction(trx).delete()
      await this.activity.record(
        actor,
        {
          action: 'delete',
          entityType: 'call_sheet_contact',
          entityId: contact.id,
          projectId: project.id,
          summary: `Removed ${contact.name} from the call sheets of "${project.name}"`,
        },
        trx
      )
    })
  }

  /**
   * The call sheet of one day. `audience: 'public'` (a share link's
   * recipient) keeps phone numbers and emails only of the people and
   * contacts the configuration marks public.
   */
  async sheet(
    projectId: number,
    date: string,
    audience: 'staff' | 'public' = 'staff'
  ): Promise<CallSheet> {
    const project = await activeProject(projectId)
    this.checkDay(project, date)
    const config = await this.config(projectId)
    const override = await this.override(projectId, date)
    const dayInfo = await db
      .from('project_day_info')
      .where('project_id', projectId)
      .where('date', date)
      .first()
    const views = await this.activities.list(projectId, date)
    const contacts = await this.contacts(projectId)
    const client = project.clientId
      ? await db.from('clients').where('id', project.clientId).first()
      : null
    const calendar = await this.calendarSettings.configuration()
    const timezone = config.timezone ?? calendar.timezone

    const types = await db.from('activity_types').select('id', 'name', 'color')
    const typeNames = new Map<number, { name: string; color: string }>(
      types.map((row) => [row.id, { name: row.name, color: row.color }])
    )
    const mainPlaceId = override.locationId ?? dayInfo?.location_id ?? project.locationId ?? null
    const placeIds = [mainPlaceId, ...views.map((view) => view.activity.locationId)].filter(
      (id): id is number => id !== null
    )
    const placeRows = await db
      .from('locations')
      .whereIn('id', [...new Set(placeIds)])
      .whereNull('deleted_at')
      .select('id', 'name', 'address', 'lat', 'lng')
    const places = new Map<
      number,
      { name: string; address: string | null; lat: number | null; lng: number | null }
    >(
      placeRows.map((row) => [
        row.id,
        {
          name: row.name,
          address: row.address,
          lat: row.lat === null ? null : Number(row.lat),
          lng: row.lng === null ? null : Number(row.lng),
        },
      ])
    )
    const locations: SheetPlace[] = []
    for (const id of new Set(placeIds)) {
      const place = places.get(id)
      if (!place) continue
      const held = views
        .filter((view) => view.activity.locationId === id)
        .map((view) => view.activity.name)
      locations.push({
        ...place,
        mapUrl: mapUrl(place),
        use: id === mainPlaceId ? 'Main location' : held.join(', '),
        sun:
          place.lat !== null && place.lng !== null
            ? sunTimes(date, place.lat, place.lng, timezone)
            : null,
      })
    }

    const generalCall = override.generalCall ?? dayInfo?.call_time ?? config.generalCall ?? null
    const roster = await this.rosterOfDay(project.id, date)
    const isPublic = audience === 'public'
    const publicCrew = new Set(config.publicCrewIds)
    const publicVendors = new Set(config.publicVendorIds)

    const notes = [dayInfo?.notes, override.notes].filter((note): note is string => !!note)
    return {
      project: {
        id: project.id,
        name: project.name,
        client: client?.name ?? null,
        color: project.color,
      },
      date,
      dayNumber: daysBetween(project.startDate, date) + 1,
      dayCount: daysBetween(project.startDate, project.endDate) + 1,
      title: dayInfo?.title ?? null,
      sections: CALL_SHEET_SECTIONS.filter((section) => !config.hiddenSections.includes(section)),
      company: {
        name: config.companyName,
        address: config.companyAddress,
        phone: config.companyPhone,
        email: config.companyEmail,
      },
      generalCall,
      wrapTime: dayInfo?.wrap_time ?? null,
      locations,
      parking: override.parking,
      nearestHospital: override.nearestHospital,
      weatherNote: override.weatherNote,
      emergencyInfo: config.emergencyInfo,
      safetyNotes: override.safetyNotes,
      notes,
      schedule: views.map(({ activity, participants }) => ({
        id: activity.id,
        startTime: activity.startTime,
        endTime: activity.endTime,
        name: activity.name,
        type: typeNames.get(activity.activityTypeId ?? 0)?.name ?? null,
        color: typeNames.get(activity.activityTypeId ?? 0)?.color ?? null,
        marker: activity.marker,
        location: places.get(activity.locationId ?? 0)?.name ?? null,
        participants: participants.map((person) => person.name),
        notes: activity.notes,
      })),
      crew: roster.crew.map((row) => {
        const own = override.crewCalls[String(row.id)] ?? null
        const shown = !isPublic || publicCrew.has(row.id)
        return {
          assignmentId: row.id,
          name: row.name,
          role: row.role,
          callTime: own ?? generalCall,
          ownCall: own !== null,
          phone: shown ? row.phone : null,
          email: shown ? row.email : null,
        }
      }),
      vendors: roster.vendors.map((row) => {
        const shown = !isPublic || publicVendors.has(row.id)
        return {
          assignmentId: row.id,
          name: row.name,
          type: row.type,
          contactName: shown ? row.contact_name : null,
          phone: shown ? row.phone : null,
          email: shown ? row.email : null,
        }
      }),
      contacts: contacts.map((contact) => {
        const shown = !isPublic || contact.isPublic
        return {
          id: contact.id,
          role: contact.role,
          name: contact.name,
          phone: shown ? contact.phone : null,
          email: shown ? contact.email : null,
        }
      }),
    }
  }

  /** Every day's call sheet of the project, first day first. */
  async sheets(projectId: number, audience: 'staff' | 'public' = 'staff') {
    const project = await activeProject(projectId)
    const sheets: CallSheet[] = []
    for (let day = 0; day <= daysBetween(project.startDate, project.endDate); day++) {
      const date = new Date(Date.parse(`${project.startDate}T00:00:00Z`) + day * 86_400_000)
      sheets.push(await this.sheet(projectId, date.toISOString().slice(0, 10), audience))
    }
    return sheets
  }

  /**
   * A project share link's call sheet of one day, as its recipient may see
   * it; refused as the share page is (404 unknown, 410 revoked or expired).
   */
  async shared(token: string, date: string) {
    const link = await this.shareView.usableLink(token)
    if (link.resourceType !== 'project') {
      throw new RecordNotFoundError('Only a project’s share link has call sheets')
    }
    return this.sheet(link.resourceId, date, 'public')
  }

  /** The PDF of one day's call sheet, or of every day's when `date` is not given. */
  async pdf(projectId: number, date?: string, audience: 'staff' | 'public' = 'staff') {
    const sheets = date
      ? [await this.sheet(projectId, date, audience)]
      : await this.sheets(projectId, audience)
    const name = `${sheets[0].project.name} call sheet${date ? ` ${date}` : 's'}`
    return {
      fileName: `${fileStem(name)}.pdf`,
      contentType: 'application/pdf',
      total: sheets.length,
      write: (out) => writeCallSheetsPdf(sheets, out),
    } satisfies PreparedExport
  }

  /** A share link's call sheet PDF. */
  async sharedPdf(token: string, date: string) {
    const sheet = await this.shared(token, date)
    return this.pdf(sheet.project.id, date, 'public')
  }

  /**
   * Who works this day: the roster in its order, without bookings whose
   * status does not hold the person (pencilled, declined…) and without
   * those whose day note says they are off.
   */
  protected async rosterOfDay(projectId: number, date: string) {
    const crew = await db.rawQuery(
      `SELECT pc.id, c.name, c.phone, c.email, r.name AS role
         FROM project_crew pc
         JOIN crews c ON c.id = pc.crew_id AND c.deleted_at IS NULL
         LEFT JOIN crew_roles r ON r.id = COALESCE(pc.crew_role_id, c.crew_role_id)
         LEFT JOIN statuses s ON s.id = pc.status_id
        WHERE pc.project_id = ? AND (s.id IS NULL OR s.books_person)
          AND NOT EXISTS (SELECT 1 FROM assignment_day_notes n
                           WHERE n.project_crew_id = pc.id AND n.date = ? AND NOT n.is_scheduled)
        ORDER BY pc.sort_order, pc.id`,
      [projectId, date]
    )
    const vendors = await db.rawQuery(
      `SELECT pv.id, v.name, v.contact_name, v.phone, v.email, t.name AS type
         FROM project_vendor pv
         JOIN vendors v ON v.id = pv.vendor_id AND v.deleted_at IS NULL
         LEFT JOIN vendor_types t ON t.id = v.vendor_type_id
         LEFT JOIN statuses s ON s.id = pv.status_id
        WHERE pv.project_id = ? AND (s.id IS NULL OR s.books_person)
          AND NOT EXISTS (SELECT 1 FROM assignment_day_notes n
                           WHERE n.project_vendor_id = pv.id AND n.date = ? AND NOT n.is_scheduled)
        ORDER BY pv.sort_order, pv.id`,
      [projectId, date]
    )
    return {
      crew: crew.rows as {
        id: number
        name: string
        phone: string | null
        email: string | null
        role: string | null
      }[],
      vendors: vendors.rows as {
        id: number
        name: string
        contact_name: string | null
        phone: string | null
        email: string | null
        type: string | null
      }[],
    }
  }

  protected checkDay(project: Project, date: string) {
    if (!isWithin(date, project.startDate, project.endDate)) {
      throw invalidField(
        'params.date',
        `The project does not run on ${formatDay(date)}`,
        'projectDay'
      )
    }
  }

  protected emptyOverride(projectId: number, date: string) {
    return new CallSheetDayOverride().merge({
      projectId,
      date,
      generalCall: null,
      locationId: null,
      notes: null,
      weatherNote: null,
      parking: null,
      nearestHospital: null,
      safetyNotes: null,
      crewCalls: {},
    })
  }

  protected overrideFields(override: CallSheetDayOverride) {
    return Object.fromEntries(OVERRIDE_FIELDS.map((key) => [key, override[key] ?? null]))
  }

  protected async findContact(projectId: number, contactId: number) {
    const contact = await CallSheetContact.query()
      .where('project_id', projectId)
      .where('id', contactId)
      .first()
    if (!contact) throw new RecordNotFoundError('Contact not found')
    return contact
  }
}
