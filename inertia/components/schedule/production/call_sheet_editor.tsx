import { useState } from 'react'
import { api } from '~/components/shared/api'
import { Button } from '~/components/shared/ui/button'
import { Field } from '~/components/shared/ui/field'
import { Select } from '~/components/shared/ui/select'
import {
  RecordForm,
  type FieldSpec,
  type RecordValues,
} from '~/components/schedule/directory/record_form'
import { CallSheetPreview } from '~/components/schedule/production/call_sheet_preview'
import { CallSheetContacts } from '~/components/schedule/production/call_sheet_contacts'
import { shootDayLabel } from '~/components/schedule/production/shoot_days'
import type { Data } from '~generated/data'

type Config = Data.Schedule.CallSheetConfig
type Override = Data.Schedule.CallSheetDayOverride

/** What the project page brings on its first render (null for a missing project). */
export type CallSheetsData = {
  config: Config
  overrides: Override[]
  contacts: Data.Schedule.CallSheetContact[]
}

/** The sections a call sheet may show, in print order, as the configuration names them. */
const SECTIONS: [Config['hiddenSections'][number], string][] = [
  ['company', 'Production company'],
  ['locations', 'Locations, parking and hospital'],
  ['sun', 'Sunrise and sunset'],
  ['schedule', 'Schedule of the day'],
  ['crew', 'Crew'],
  ['vendors', 'Vendors'],
  ['contacts', 'Contacts'],
  ['notes', 'Notes'],
  ['safety', 'Safety and emergency'],
]

const SETTINGS_FIELDS: FieldSpec[] = [
  { key: 'companyName', label: 'Company name', maxLength: 200 },
  { key: 'companyPhone', label: 'Company phone', type: 'tel', maxLength: 50 },
  { key: 'companyEmail', label: 'Company email', type: 'email', maxLength: 254 },
  {
    key: 'generalCall',
    label: 'Default general call',
    type: 'time',
    hint: 'Unless a day’s own call or the Days table says otherwise.',
  },
  { key: 'companyAddress', label: 'Company address', maxLength: 500, wide: true },
  {
    key: 'emergencyInfo',
    label: 'Emergency information',
    type: 'textarea',
    maxLength: 2000,
    wide: true,
  },
  ...SECTIONS.map(([section, label]): FieldSpec => ({
    key: `show-${section}`,
    label,
    type: 'checkbox',
  })),
]

function settingsValues(config: Config): RecordValues {
  return {
    companyName: config.companyName,
    companyAddress: config.companyAddress,
    companyPhone: config.companyPhone,
    companyEmail: config.companyEmail,
    generalCall: config.generalCall,
    emergencyInfo: config.emergencyInfo,
    ...Object.fromEntries(
      SECTIONS.map(([section]) => [`show-${section}`, !config.hiddenSections.includes(section)])
    ),
  }
}

type RosterEntry = Pick<Data.Schedule.RosterEntry, 'kind' | 'id' | 'name'>

const personKey = (entry: RosterEntry) => `public-${entry.kind}-${entry.id}`

/**
 * A project's call sheets: how every day's looks (sections, production
 * company, default call, emergency information), whose contact details a
 * share link shows, the custom contacts, and what one day says of its own
 * (call, location, notes, weather, parking, hospital, safety, each crew
 * member's call). Each form saves with its button and shows a refused
 * field's reason under it; the preview of the chosen day follows each save.
 */
export function CallSheetEditor(props: {
  projectId: number
  days: string[]
  roster: RosterEntry[]
  locations: Data.Schedule.Location[]
  initial: CallSheetsData
}) {
  const { projectId, days, roster } = props
  const [config, setConfig] = useState(props.initial.config)
  const [overrides, setOverrides] = useState(props.initial.overrides)
  const [date, setDate] = useState(days[0])
  const [previewing, setPreviewing] = useState(false)
  // Bumped by each save: the preview reads the sheet again.
  const [version, setVersion] = useState(0)
  const saved = () => setVersion((current) => current + 1)

  async function saveConfig(changes: Partial<Config>) {
    setConfig(await api<Config>('PUT', `/api/projects/${projectId}/call-sheet-config`, changes))
    saved()
  }

  const crew = roster.filter((entry) => entry.kind === 'crew')
  const override = overrides.find((day) => day.date === date)
  const dayFields: FieldSpec[] = [
    {
      key: 'generalCall',
      label: 'General call',
      type: 'time',
      hint: 'Empty: the Days table’s call, else the default.',
    },
    {
      key: 'locationId',
      label: 'Location',
      type: 'select',
      hint: 'None: the Days table’s, else the project’s.',
      options: props.locations.map((place) => ({ value: place.id, label: place.name })),
    },
    { key: 'weatherNote', label: 'Weather', maxLength: 2000 },
    { key: 'parking', label: 'Parking', maxLength: 2000 },
    { key: 'nearestHospital', label: 'Nearest hospital', maxLength: 2000, wide: true },
    { key: 'notes', label: 'Notes', type: 'textarea', maxLength: 10000, wide: true },
    { key: 'safetyNotes', label: 'Safety notes', type: 'textarea', maxLength: 10000, wide: true },
    ...crew.map((entry): FieldSpec => ({
      key: `call-${entry.id}`,
      label: `Call of ${entry.name}`,
      type: 'time',
    })),
  ]

  async function saveDay(values: RecordValues) {
    const crewCalls = Object.fromEntries(
      crew.map((entry) => [String(entry.id), values[`call-${entry.id}`] ?? null])
    )
    const fields = Object.fromEntries(
      Object.entries(values).filter(([key]) => !key.startsWith('call-'))
    )
    const answer = await api<Override>(
      'PUT',
      `/api/projects/${projectId}/call-sheets/${date}/override`,
      { ...fields, crewCalls }
    )
    setOverrides((current) => [...current.filter((day) => day.date !== date), answer])
    saved()
  }

  return (
    <section className="ui-panel ui-stack" aria-labelledby="call-sheets-heading">
      <h2 id="call-sheets-heading">Call sheets</h2>
      <p className="ui-muted">
        What every day’s call sheet says, and what one day says of its own. The preview shows the
        chosen day as it prints.
      </p>

      <h3>Every day</h3>
      <RecordForm
        name="Call sheet settings"
        fields={SETTINGS_FIELDS}
        initial={settingsValues(config)}
        submitLabel="Save settings"
        onSubmit={async (values) => {
          const text = (key: string) => (values[key] as string | null) ?? null
          await saveConfig({
            companyName: text('companyName'),
            companyAddress: text('companyAddress'),
            companyPhone: text('companyPhone'),
            companyEmail: text('companyEmail'),
            generalCall: text('generalCall'),
            emergencyInfo: text('emergencyInfo'),
            hiddenSections: SECTIONS.filter(([section]) => !values[`show-${section}`]).map(
              ([section]) => section
            ),
          })
        }}
      />

      <h3>Contact details on a share link</h3>
      <p className="ui-muted">
        Someone who opens the project’s share link sees the phone and email only of the people
        ticked here (and of the contacts marked public below).
      </p>
      {roster.length === 0 ? (
        <p className="ui-muted">Nobody is on the roster yet.</p>
      ) : (
        <RecordForm
          name="Public contact details"
          fields={roster.map((entry): FieldSpec => ({
            key: personKey(entry),
            label: entry.name,
            type: 'checkbox',
          }))}
          initial={Object.fromEntries(
            roster.map((entry) => [
              personKey(entry),
              (entry.kind === 'crew' ? config.publicCrewIds : config.publicVendorIds).includes(
                entry.id
              ),
            ])
          )}
          submitLabel="Save who is public"
          onSubmit={async (values) => {
            const ticked = (kind: string) =>
              roster
                .filter((entry) => entry.kind === kind && values[personKey(entry)])
                .map((entry) => entry.id)
            await saveConfig({ publicCrewIds: ticked('crew'), publicVendorIds: ticked('vendor') })
          }}
        />
      )}

      <CallSheetContacts projectId={projectId} initial={props.initial.contacts} onChanged={saved} />

      <h3>One day</h3>
      <div className="ui-cluster">
        <Field label="Day">
          <Select
            value={date}
            onValueChange={setDate}
            options={days.map((day, index) => ({ value: day, label: shootDayLabel(index, day) }))}
          />
        </Field>
        <Button
          variant="secondary"
          aria-expanded={previewing}
          onClick={() => setPreviewing(!previewing)}
        >
          {previewing ? 'Hide the preview' : 'Preview this day'}
        </Button>
      </div>
      <RecordForm
        // Starts over, from what is stored, for another day.
        key={date}
        name={`Call sheet of ${shootDayLabel(days.indexOf(date), date)}`}
        fields={dayFields}
        initial={{
          ...override,
          ...Object.fromEntries(
            crew.map((entry) => [`call-${entry.id}`, override?.crewCalls[String(entry.id)] ?? ''])
          ),
        }}
        submitLabel="Save this day"
        onSubmit={saveDay}
      />
      {previewing && (
        <CallSheetPreview
          url={`/api/projects/${projectId}/call-sheets/${date}`}
          pdfUrl={`/api/projects/${projectId}/call-sheets/${date}/pdf`}
          version={version}
        />
      )}
    </section>
  )
}
