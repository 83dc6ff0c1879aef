import { useState, type FormEvent } from 'react'
import type { Data } from '~generated/data'
import { api, errorMessage, fieldErrors } from '~/components/shared/api'
import { formatTimestamp } from '~/components/shared/dates'
import { Button } from '~/components/shared/ui/button'
import { Checkbox } from '~/components/shared/ui/checkbox'
import { FactList } from '~/components/shared/ui/fact_list'
import { Field, TextInput } from '~/components/shared/ui/field'
import { Notice } from '~/components/shared/ui/notice'
import { useToast } from '~/components/shared/ui/toast'

type Status = Data.Schedule.CalendarSyncStatus
type Settings = Status['settings']
type SyncResult = NonNullable<Status['lastSyncResult']>
type TestResult = { success: boolean; calendarName?: string; error?: string }

/** Zones the browser knows, offered while typing (the server checks the value). */
const TIME_ZONES =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []

/**
 * Administration's calendar sync: where projects go (a Google calendar
 * shared with the service account), which projects and what their events
 * say; Test tries the calendar, Sync now brings every project in line and
 * shows what happened. Without CALENDAR_SERVICE_KEY it says how to set it.
 */
export function CalendarSyncPanel(props: { status: Status }) {
  const toast = useToast()
  const [status, setStatus] = useState(props.status)
  const [values, setValues] = useState<Settings>(props.status.settings)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const [testing, setTesting] = useState(false)
  const [tested, setTested] = useState<TestResult | null>(null)
  const [syncing, setSyncing] = useState(false)
  const [syncError, setSyncError] = useState<string | null>(null)

  async function refresh() {
    setStatus(await api<Status>('GET', '/api/admin/calsync/status'))
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    setSaving(true)
    setErrors({})
    try {
      await api('PATCH', '/api/admin/calsync/settings', {
        calendarId: values.calendarId?.trim() || null,
        timezone: values.timezone,
        allowedStatuses: values.allowedStatuses,
        descriptionFields: values.descriptionFields,
      })
      await refresh()
      toast.success('Calendar sync settings saved. Sync now to apply them to every project.')
    } catch (error) {
      setErrors(fieldErrors(error))
    } finally {
      setSaving(false)
    }
  }

  async function test() {
    setTesting(true)
    setTested(null)
    try {
      setTested(
        await api<TestResult>('POST', '/api/admin/calsync/test', {
          calendarId: values.calendarId?.trim() ?? '',
        })
      )
    } catch (error) {
      setTested({ success: false, error: errorMessage(error) })
    } finally {
      setTesting(false)
    }
  }

  async function syncNow() {
    setSyncing(true)
    setSyncError(null)
    try {
      const result = await api<SyncResult>('POST', '/api/admin/calsync/sync')
      await refresh()
      const synced = `${result.synced} project${result.synced === 1 ? '' : 's'} synced`
      if (result.errors.length === 0) {
        toast.success(`Calendar sync done: ${synced}.`)
      } else {
        toast.error(
          `Calendar sync done: ${synced}, ${result.errors.length} with errors (see Last sync).`
        )
      }
    } catch (error) {
      setSyncError(errorMessage(error))
    } finally {
      setSyncing(false)
    }
  }

  const toggleStatus = (id: number, on: boolean) =>
    setValues((current) => ({
      ...current,
      allowedStatuses: on
        ? [...current.allowedStatuses, id]
        : current.allowedStatuses.filter((allowed) => allowed !== id),
    }))
  const toggleField = (key: string, on: boolean) =>
    setValues((current) => ({
      ...current,
      descriptionFields: { ...current.descriptionFields, [key]: on },
    }))
  const saved = status.settings

  return (
    <section className="ui-panel" aria-labelledby="calendar-sync-heading">
      <h2 id="calendar-sync-heading">Google Calendar sync</h2>
      <div className="ui-stack">
        <p className="ui-field-hint">
          Projects with the statuses you choose appear in a Google calendar, one event per project
          day, and follow every change made here. The calendar is written to, never read.
        </p>
        {!status.configured ? (
          <Notice tone="warning" title="Calendar sync is off">
            <p>{status.problem}</p>
            <ol>
              <li>
                In Google Cloud, enable the Google Calendar API, create a service account and add a
                JSON key to it.
              </li>
              <li>
                Set <code>CALENDAR_SERVICE_KEY</code> in Schedule&apos;s environment to the contents
                of that key file (the JSON, or the JSON in base64), then restart Schedule.
              </li>
              <li>
                In Google Calendar, share the calendar with the service account&apos;s email address
                with &ldquo;Make changes to events&rdquo;, and enter the calendar&apos;s ID here.
              </li>
            </ol>
          </Notice>
        ) : (
          <FactList
            facts={[
              { label: 'Service account', value: status.serviceAccountEmail },
              {
                label: 'Last sync',
                live: true,
                value: status.lastSyncAt ? (
                  <LastSync at={status.lastSyncAt} result={status.lastSyncResult} />
                ) : (
                  'Never'
                ),
              },
              {
                label: 'Projects in the calendar',
                value: String(status.projectsWithEvents),
                live: true,
              },
            ]}
          />
        )}

        <form onSubmit={save} aria-label="Calendar sync" className="ui-stack">
          {errors.form && (
            <p className="ui-field-error" role="alert">
              {errors.form}
            </p>
          )}
          <Field
            label="Calendar ID"
            hint="In Google Calendar: the calendar's settings, Integrate calendar, Calendar ID."
            error={errors.calendarId}
          >
            <TextInput
              value={values.calendarId ?? ''}
              placeholder="…@group.calendar.google.com"
              onChange={(event) => setValues({ ...values, calendarId: event.target.value })}
            />
          </Field>
          <div className="ui-cluster">
            <Button
              variant="secondary"
              size="small"
              loading={testing}
              disabled={!status.configured || !values.calendarId?.trim()}
              onClick={() => void test()}
            >
              Test the calendar
            </Button>
          </div>
          {tested && (
            <Notice tone={tested.success ? 'success' : 'danger'} role="status">
              {tested.success
                ? `Connected: the service account can see "${tested.calendarName}".`
                : tested.error}
            </Notice>
          )}
          <Field
            label="Time zone"
            hint="Days with a call and a wrap time become timed events in this zone."
            error={errors.timezone}
          >
            <TextInput
              value={values.timezone}
              list="calendar-sync-zones"
              autoComplete="off"
              onChange={(event) => setValues({ ...values, timezone: event.target.value })}
            />
          </Field>
          <datalist id="calendar-sync-zones">
            {TIME_ZONES.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <fieldset className="ui-fieldset">
            <legend>Projects with these statuses go to the calendar</legend>
            {errors.allowedStatuses && (
              <p className="ui-field-error" role="alert">
                {errors.allowedStatuses}
              </p>
            )}
            {status.projectStatuses.map((projectStatus) => (
              <Checkbox
                key={projectStatus.id}
                label={projectStatus.name}
                checked={values.allowedStatuses.includes(projectStatus.id)}
                onChange={(event) => toggleStatus(projectStatus.id, event.target.checked)}
              />
            ))}
          </fieldset>
          <fieldset className="ui-fieldset">
            <legend>Each event&apos;s description shows</legend>
            {status.descriptionFieldOptions.map((option) => (
              <Checkbox
                key={option.key}
                label={option.label}
                checked={
                  values.descriptionFields[option.key as keyof Settings['descriptionFields']]
                }
                onChange={(event) => toggleField(option.key, event.target.checked)}
              />
            ))}
          </fieldset>
          <div className="ui-cluster">
            <Button type="submit" loading={saving}>
              Save calendar sync settings
            </Button>
            <Button
              variant="secondary"
              loading={syncing}
              disabled={!status.configured || !saved.calendarId}
              onClick={() => void syncNow()}
            >
              Sync now
            </Button>
          </div>
          {syncError && (
            <Notice tone="danger" role="alert">
              {syncError}
            </Notice>
          )}
        </form>
      </div>
    </section>
  )
}

function LastSync({ at, result }: { at: string; result: SyncResult | null }) {
  if (!result) {
    return <>{formatTimestamp(at)}</>
  }
  return (
    <div className="ui-stack-tight">
      <span>
        {formatTimestamp(at)}: {result.synced} project{result.synced === 1 ? '' : 's'} synced,{' '}
        {result.errors.length === 0
          ? 'no errors'
          : `${result.errors.length} error${result.errors.length === 1 ? '' : 's'}`}
      </span>
      {result.errors.length > 0 && (
        <ul>
          {result.errors.map((error, index) => (
            <li key={`${error.projectId ?? 'run'}-${index}`}>
              {error.projectName ? `${error.projectName}: ` : ''}
              {error.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
