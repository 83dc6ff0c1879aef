import { api } from '~/components/shared/api'
import type { AutoSave } from '~/components/shared/use_auto_save'
import { dayParts, formatDay } from '~/components/shared/dates'
import {
  FieldError,
  SaveProgress,
  combinedStatus,
  describedBy,
  sameText,
  useFieldSave,
} from '~/components/shared/save_feedback'
import type { Data } from '~generated/data'

type DayInfo = Data.Schedule.DayInfo
type Location = Data.Schedule.Location

type DayFields = Pick<DayInfo, 'title' | 'callTime' | 'wrapTime' | 'notes' | 'locationId'>

/** A line per project day: its title, call and wrap times, location and notes. */
export function DayInfoTable(props: {
  projectId: number
  days: string[]
  dayInfo: DayInfo[]
  locations: Location[]
  onDayInfo: (date: string, saved: Partial<DayFields>) => void
}) {
  const byDate = new Map(props.dayInfo.map((info) => [info.date, info]))
  return (
    <section className="sc-section" aria-labelledby="day-info-heading">
      <h2 id="day-info-heading">Days</h2>
      <p className="muted small">What happens each day. Changes save when you leave a field.</p>
      <div className="sc-scroll">
        <table className="sc-table sc-day-info">
          <thead>
            <tr>
              <th>Day</th>
              <th>Title</th>
              <th>Call</th>
              <th>Wrap</th>
              <th>Location</th>
              <th>Notes</th>
              <th>
                <span className="sc-visually-hidden">Saved</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.days.map((day) => (
              <DayInfoRow
                key={day}
                projectId={props.projectId}
                date={day}
                info={byDate.get(day)}
                locations={props.locations}
                onDayInfo={(saved) => props.onDayInfo(day, saved)}
              />
            ))}
          </tbody>
        </table>
      </div>
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

  return (
    <tr data-testid={`day-${props.date}`}>
      <th scope="row" className="sc-nowrap">
        <span className="muted">{dayParts(props.date).weekday}</span> {label.slice(4)}
      </th>
      <td>
        {/* No maxLength: a pasted title would be cut without a word; the API's limit is shown instead. */}
        <input aria-label={`Title of ${label}`} {...typed(title, 'title')} />
        <FieldError status={title.status} errorId={errorId('title')} onRetry={title.retry} />
      </td>
      <td>
        <input aria-label={`Call time on ${label}`} type="time" {...typed(callTime, 'call')} />
        <FieldError status={callTime.status} errorId={errorId('call')} onRetry={callTime.retry} />
      </td>
      <td>
        <input aria-label={`Wrap time on ${label}`} type="time" {...typed(wrapTime, 'wrap')} />
        <FieldError status={wrapTime.status} errorId={errorId('wrap')} onRetry={wrapTime.retry} />
      </td>
      <td>
        <select
          aria-label={`Location on ${label}`}
          value={location.value ?? ''}
          onChange={(event) => {
            const picked = event.target.value ? Number(event.target.value) : null
            location.change(picked)
            location.commit(picked)
          }}
          {...describedBy(location.status, errorId('location'))}
        >
          <option value="">The project&apos;s location</option>
          {props.locations.map((place) => (
            <option key={place.id} value={place.id}>
              {place.name}
            </option>
          ))}
        </select>
        <FieldError
          status={location.status}
          errorId={errorId('location')}
          onRetry={location.retry}
        />
      </td>
      <td>
        <input aria-label={`Notes on ${label}`} {...typed(notes, 'notes')} />
        <FieldError status={notes.status} errorId={errorId('notes')} onRetry={notes.retry} />
      </td>
      <td className="sc-nowrap">
        <SaveProgress
          status={combinedStatus([
            title.status,
            callTime.status,
            wrapTime.status,
            location.status,
            notes.status,
          ])}
        />
      </td>
    </tr>
  )
}
