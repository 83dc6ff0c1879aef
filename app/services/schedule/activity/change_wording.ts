import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { formatDay } from '#services/schedule/projects/project_days'

type FieldChange = { from: unknown; to: unknown }

/*
 * How the activity log names a changed field. A field that holds an id is
 * told by the record's name (`table`), a day by its date; free text (notes,
 * colours) only by the field's name, so a summary never repeats a long text.
 */
const FIELDS: Record<string, { label: string; table?: string; day?: true }> = {
  name: { label: 'name' },
  statusId: { label: 'status', table: 'statuses' },
  crewRoleId: { label: 'crew role', table: 'crew_roles' },
  projectStatusId: { label: 'project status', table: 'project_statuses' },
  clientId: { label: 'client', table: 'clients' },
  locationId: { label: 'location', table: 'locations' },
  regionId: { label: 'region', table: 'regions' },
  crewId: { label: 'crew member', table: 'crews' },
  vendorId: { label: 'vendor', table: 'vendors' },
  startDate: { label: 'start date', day: true },
  endDate: { label: 'end date', day: true },
  color: { label: 'colour' },
  textColor: { label: 'text colour' },
  notes: { label: 'notes' },
}

/** 'crewRoleId' → 'crew role'; a field it does not know, in words from its camelCase. */
export function fieldLabel(field: string) {
  return FIELDS[field]?.label ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
}

/**
 * A change in words, the way a person would say it: "status Pencilled →
 * Confirmed, crew role none → Gaffer, notes". Ids are read as the names the
 * records have now, in the caller's transaction.
 */
export async function describeChanges(
  changes: Record<string, FieldChange>,
  trx: TransactionClientContract
) {
  const parts: string[] = []
  for (const [field, { from, to }] of Object.entries(changes)) {
    const known = FIELDS[field]
    if (known?.table) {
      const names = await namesOf(known.table, [from, to], trx)
      parts.push(`${known.label} ${names.get(from) ?? 'none'} → ${names.get(to) ?? 'none'}`)
    } else if (known?.day) {
      const day = (value: unknown) => (typeof value === 'string' ? formatDay(value) : 'none')
      parts.push(`${known.label} ${day(from)} → ${day(to)}`)
    } else {
      parts.push(fieldLabel(field))
    }
  }
  return parts.join(', ')
}

async function namesOf(table: string, ids: unknown[], trx: TransactionClientContract) {
  const wanted = ids.filter((id): id is number => typeof id === 'number')
  if (wanted.length === 0) return new Map<unknown, string>()
  const rows = await trx.from(table).whereIn('id', wanted).select('id', 'name')
  return new Map<unknown, string>(rows.map((row) => [row.id, row.name]))
}
