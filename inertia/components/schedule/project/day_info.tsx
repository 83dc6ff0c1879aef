import { useState } from 'react'
import { useDraft } from '../use_draft'
import { api } from '../../shared/http'
import { errorMessage } from '../errors'
import { dayParts, formatDay } from '../dates'
import { SaveFeedback, type SaveState } from '../save_feedback'
import type { DayInfo, Location } from '../types'

type Draft = Pick<DayInfo, 'title' | 'callTime' | 'wrapTime' | 'notes' | 'locationId'>
const BLANK: Draft = { title: null, callTime: null, wrapTime: null, notes: null, locationId: null }

function draftOf(info: DayInfo | undefined): Draft {
  return info
    ? {
        title: info.title,
        callTime: info.callTime,
        wrapTime: info.wrapTime,
        notes: info.notes,
        locationId: info.locationId,
      }
    : BLANK
}

/** A line per project day: its title, call and wrap times, location and notes. */
export function DayInfoTable(props: {
  projectId: number
  days: string[]
  dayInfo: DayInfo[]
  locations: Location[]
  onDayInfo: (date: string, info: DayInfo | null) => void
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
                onDayInfo={(info) => props.onDayInfo(day, info)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function DayInfoRow(props: {
  projectId: number
  date: string
  info: DayInfo | undefined
  locations: Location[]
  onDayInfo: (info: DayInfo | null) => void
}) {
  const [draft, setDraft] = useDraft(props.info, draftOf)
  const [save, setSave] = useState<SaveState>()

  const stored = draftOf(props.info)
  const url = `/api/projects/${props.projectId}/day-info/${props.date}`

  async function commit(next: Draft) {
    const cleaned: Draft = {
      title: next.title?.trim() || null,
      callTime: next.callTime || null,
      wrapTime: next.wrapTime || null,
      notes: next.notes?.trim() || null,
      locationId: next.locationId,
    }
    if ((Object.keys(cleaned) as (keyof Draft)[]).every((key) => cleaned[key] === stored[key])) {
      return
    }
    setSave({ state: 'saving' })
    try {
      const empty = (Object.keys(cleaned) as (keyof Draft)[]).every((key) => cleaned[key] === null)
      if (empty && props.info) {
        await api('DELETE', url)
        props.onDayInfo(null)
      } else {
        props.onDayInfo(await api<DayInfo>('PUT', url, cleaned))
      }
      setSave({ state: 'saved' })
    } catch (error) {
      setDraft(stored)
      setSave({ state: 'error', message: errorMessage(error) })
    }
  }

  const label = formatDay(props.date)
  const text = (key: 'title' | 'notes') => ({
    value: draft[key] ?? '',
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [key]: event.target.value }),
    onBlur: () => void commit(draft),
  })
  const time = (key: 'callTime' | 'wrapTime') => ({
    type: 'time',
    value: draft[key] ?? '',
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [key]: event.target.value }),
    onBlur: () => void commit(draft),
  })
  return (
    <tr>
      <th scope="row" className="sc-nowrap">
        <span className="muted">{dayParts(props.date).weekday}</span> {label.slice(4)}
      </th>
      <td>
        <input aria-label={`Title of ${label}`} maxLength={200} {...text('title')} />
      </td>
      <td>
        <input aria-label={`Call time on ${label}`} {...time('callTime')} />
      </td>
      <td>
        <input aria-label={`Wrap time on ${label}`} {...time('wrapTime')} />
      </td>
      <td>
        <select
          aria-label={`Location on ${label}`}
          value={draft.locationId ?? ''}
          onChange={(event) => {
            const next = {
              ...draft,
              locationId: event.target.value ? Number(event.target.value) : null,
            }
            setDraft(next)
            void commit(next)
          }}
        >
          <option value="">The project&apos;s location</option>
          {props.locations.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input aria-label={`Notes on ${label}`} maxLength={10000} {...text('notes')} />
      </td>
      <td className="sc-nowrap">
        <SaveFeedback save={save} />
      </td>
    </tr>
  )
}
