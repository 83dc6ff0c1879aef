import type { ReactNode } from 'react'
import { api } from '~/components/shared/api'
import type { AutoSave } from '~/components/shared/use_auto_save'
import { dayParts, formatDay } from '~/components/shared/dates'
import {
  combinedStatus,
  describedBy,
  sameText,
  useFieldSave,
} from '~/components/shared/save_feedback'
import { RowSaveStatus, SaveStatusBeside } from '~/components/schedule/save_status'
import { TextInput } from '~/components/shared/ui/field'
import { Select } from '~/components/shared/ui/select'
import { TimeInput } from '~/components/shared/ui/time_input'
import { PHONE_QUERY, useMediaQuery } from '~/components/shared/ui/use_media_query'
import type { Data } from '~generated/data'

type DayInfo = Data.Schedule.DayInfo
type Location = Data.Schedule.Location

type DayFields = Pick<DayInfo, 'title' | 'callTime' | 'wrapTime' | 'notes' | 'locationId'>

const COLUMNS = ['Title', 'Call', 'Wrap', 'Location', 'Notes'] as const

/**
 * A line per project day: its title, call and wrap times, location and
 * notes. A table on wide screens; on a phone each day is a card with its
 * fields labelled, as the kit's DataTable shows records (its cells cannot
 * hold a row's own save state, so the day draws itself in either form).
 */
export function DayInfoTable(props: {
  projectId: number
  days: string[]
  dayInfo: DayInfo[]
  locations: Location[]
  onDayInfo: (date: string, saved: Partial<DayFields>) => void
}) {
  const phone = useMediaQuery(PHONE_QUERY)
  const byDate = new Map(props.dayInfo.map((info) => [info.date, info]))
  const rows = props.days.map((day) => (
    <DayInfoRow
      key={day}
      asCard={phone}
      projectId={props.projectId}
      date={day}
      info={byDate.get(day)}
      locations={props.locations}
      onDayInfo={(saved) => props.onDayInfo(day, saved)}
    />
  ))
  return (
    <section className="ui-panel" aria-labelledby="day-info-heading">
      <h2 id="day-info-heading">Days</h2>
      <p className="ui-muted">What happens each day. Changes save when you leave a field.</p>
      {phone ? (
        <ul className="ui-cards" aria-label="Days of the project">
          {rows}
        </ul>
      ) : (
        <div className="ui-table-wrap">
          <table className="ui-table sc-day-info">
            <caption className="ui-visually-hidden">Days of the project</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
                <th scope="col">
                  <span className="ui-visually-hidden">Saved</span>
                </th>
              </tr>
            </thead>
            <tbody>{rows}</tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/**
 * One day. Each field saves itself when it is left (the location when it is
 * picked) and sends only itself, so fields typed one after the other are
 * saved side by side without one answer undoing another; a refused field
 * keeps what was typed, with the reason and Retry beside it.
 */
function DayInfoRow(props: {
  asCard: boolean
  projectId: number
  date: string
  info: DayInfo | undefined
  locations: Location[]
  onDayInfo: (saved: Partial<DayFields>) => void
}) {
  const url = `/api/projects/${props.projectId}/day-info/${props.date}`
  const label = formatDay(props.date)

  async function save<K extends keyof DayFields>(key: K, value: DayFields[K]) {
    const info = await api<DayInfo>('PUT', url, { [key]: value })
    // Only this field: an answer that overtook another field's answer must not undo it.
    props.onDayInfo({ [key]: info[key] })
  }

  const title = useFieldSave(
    props.info?.title ?? '',
    (value) => save('title', value.trim() || null),
    sameText
  )
  const callTime = useFieldSave(props.info?.callTime ?? '', (value) =>
    save('callTime', value || null)
  )
  const wrapTime = useFieldSave(props.info?.wrapTime ?? '', (value) =>
    save('wrapTime', value || null)
  )
  const location = useFieldSave(props.info?.locationId ?? null, (value) =>
    save('locationId', value)
  )
  const notes = useFieldSave(
    props.info?.notes ?? '',
    (value) => save('notes', value.trim() || null),
    sameText
  )
  const errorId = (field: string) => `day-${props.date}-${field}-error`

  /* Text and time inputs: typing changes the field, leaving it saves. */
  const typed = (field: AutoSave<string>, name: string) => ({
    value: field.value,
    onChange: (event: { target: { value: string } }) => field.change(event.target.value),
    onBlur: () => field.commit(),
    ...describedBy(field.status, errorId(name)),
  })
  /* Time inputs likewise, with the kit's TimeInput (which hands over the value itself). */
  const timed = (field: AutoSave<string>, name: string) => ({
    value: field.value,
    onChange: (value: string) => field.change(value),
    onBlur: () => field.commit(),
    ...describedBy(field.status, errorId(name)),
  })

  const cells: Record<(typeof COLUMNS)[number], ReactNode> = {
    Title: (
      <>
        {/* No maxLength: a pasted title would be cut without a word; the API's limit is shown instead. */}
        <TextInput aria-label={`Title of ${label}`} {...typed(title, 'title')} />
        <Refusal field={title} errorId={errorId('title')} />
      </>
    ),
    Call: (
      <>
        <TimeInput aria-label={`Call time on ${label}`} {...timed(callTime, 'call')} />
        <Refusal field={callTime} errorId={errorId('call')} />
      </>
    ),
    Wrap: (
      <>
        <TimeInput aria-label={`Wrap time on ${label}`} {...timed(wrapTime, 'wrap')} />
        <Refusal field={wrapTime} errorId={errorId('wrap')} />
      </>
    ),
    Location: (
      <>
        <Select
          aria-label={`Location on ${label}`}
          value={location.value === null ? PROJECT_LOCATION : String(location.value)}
          options={[
            { value: PROJECT_LOCATION, label: "The project's location" },
            ...props.locations.map((place) => ({ value: String(place.id), label: place.name })),
          ]}
          onValueChange={(value) => {
            const picked = value === PROJECT_LOCATION ? null : Number(value)
            location.change(picked)
            location.commit(picked)
          }}
        />
        <Refusal field={location} errorId={errorId('location')} />
      </>
    ),
    Notes: (
      <>
        <TextInput aria-label={`Notes on ${label}`} {...typed(notes, 'notes')} />
        <Refusal field={notes} errorId={errorId('notes')} />
      </>
    ),
  }
  const saving = (
    <RowSaveStatus
      status={combinedStatus([
        title.status,
        callTime.status,
        wrapTime.status,
        location.status,
        notes.status,
      ])}
    />
  )
  const day = (
    <>
      <span className="ui-muted">{dayParts(props.date).weekday}</span> {label.slice(4)}
    </>
  )

  if (props.asCard) {
    return (
      <li className="ui-card-row" data-testid={`day-${props.date}`}>
        <div className="ui-card-row-title">
          {day} {saving}
        </div>
        <dl className="ui-card-row-values">
          {COLUMNS.map((column) => (
            <div key={column} className="ui-card-row-value">
              <dt>{column}</dt>
              <dd>{cells[column]}</dd>
            </div>
          ))}
        </dl>
      </li>
    )
  }
  return (
    <tr data-testid={`day-${props.date}`}>
      <th scope="row" className="ui-nowrap">
        {day}
      </th>
      {COLUMNS.map((column) => (
        <td key={column}>{cells[column]}</td>
      ))}
      <td className="ui-nowrap">{saving}</td>
    </tr>
  )
}

const PROJECT_LOCATION = 'project'

/** Beside a field of the day: only a refusal, with the server's reason and Retry. */
function Refusal(props: { field: Pick<AutoSave<unknown>, 'status' | 'retry'>; errorId: string }) {
  if (props.field.status.state !== 'failed') {
    return null
  }
  return (
    <SaveStatusBeside
      status={props.field.status}
      errorId={props.errorId}
      onRetry={props.field.retry}
    />
  )
}
