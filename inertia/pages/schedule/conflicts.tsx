import { useMemo, useState, type FormEvent } from 'react'
import { Link, router } from '@inertiajs/react'
import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { dayCount, formatRange } from '~/components/shared/dates'
import { ConflictResolution } from '~/components/schedule/calendar/conflict_resolution'
import { groupConflicts, type ConflictGroup } from '~/components/schedule/calendar/conflict_groups'
import type { Conflict } from '~/components/schedule/calendar/calendar_types'
import { Swatch } from '~/components/schedule/status_badge'
import { Badge } from '~/components/shared/ui/badge'
import { Button, ButtonLink } from '~/components/shared/ui/button'
import { DatePicker } from '~/components/shared/ui/date_picker'
import { EmptyState } from '~/components/shared/ui/empty_state'
import { Field } from '~/components/shared/ui/field'
import { PageHeader } from '~/components/shared/ui/page_header'
import { SkeletonText } from '~/components/shared/ui/skeleton'

type Range = { from: string; to: string }

export default function ConflictsPage({
  user,
  range,
  conflicts,
}: {
  user: SessionUser
  range: Range
  conflicts: Conflict[]
}) {
  return (
    <ScheduleShell user={user} title="Conflicts">
      <Conflicts range={range} conflicts={conflicts} />
    </ScheduleShell>
  )
}

/**
 * Everyone booked on two projects on the same day, each clash once: a
 * person on the same projects over consecutive days is one entry with its
 * days, by first day. A double booking that is fine (a half day each) is
 * marked resolved, with a note, for all its days at once.
 * The period is in the address (?from, ?to); another period is a partial
 * reload of the conflicts.
 */
function Conflicts({ range, conflicts }: { range: Range; conflicts: Conflict[] }) {
  const [draft, setDraft] = useState<Range>(range)
  const [showResolved, setShowResolved] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)

  const groups = useMemo(() => groupConflicts(conflicts), [conflicts])
  const shown = groups.filter((group) => showResolved || !group.resolved)
  // Clashes over the same days share a heading.
  const byDays = useMemo(() => {
    const sections = new Map<string, ConflictGroup<Conflict>[]>()
    for (const group of shown) {
      const key = `${group.from}:${group.to}`
      sections.set(key, [...(sections.get(key) ?? []), group])
    }
    return [...sections.values()]
  }, [shown])
  const resolvedCount = groups.filter((group) => group.resolved).length
  const openCount = groups.length - resolvedCount

  function applyRange(event: FormEvent) {
    event.preventDefault()
    if (draft.from && draft.to && draft.to >= draft.from) {
      setError(null)
      router.get('/conflicts', draft, {
        only: ['range', 'conflicts'],
        preserveState: true,
        preserveScroll: true,
        onStart: () => setLoading(true),
        onFinish: () => setLoading(false),
      })
    } else {
      setError('The last day must be on or after the first day.')
    }
  }

  return (
    <>
      <PageHeader
        title="Conflicts"
        description="A conflict is a crew member or vendor booked on two or more projects on the same working day, with statuses that book them. Conflicts never block a booking."
      />
      <form className="ui-cluster sc-conflicts-period" onSubmit={applyRange} aria-label="Period">
        <Field label="From">
          <DatePicker value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
        </Field>
        <Field label="To">
          <DatePicker value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        </Field>
        <Button type="submit" variant="secondary">
          Show
        </Button>
        <label className="sc-check-label">
          <input
            type="checkbox"
            checked={showResolved}
            onChange={(event) => setShowResolved(event.target.checked)}
          />
          Show resolved ({resolvedCount})
        </label>
      </form>
      {error && (
        <p className="ui-field-error" role="alert">
          {error}
        </p>
      )}
      {loading && <SkeletonText lines={3} label="Loading the conflicts…" />}
      {!loading && (
        <p role="status">
          {openCount === 0
            ? `Nobody is double-booked between ${formatRange(range.from, range.to)}.`
            : `${openCount} open ${openCount === 1 ? 'conflict' : 'conflicts'} between ${formatRange(range.from, range.to)}.`}
        </p>
      )}
      {!loading && shown.length === 0 && (
        <EmptyState
          title={
            resolvedCount > 0
              ? 'All conflicts in this period are resolved.'
              : 'No double bookings in this period'
          }
          description="When someone is booked on two projects on the same day, the clash shows here once, with its days, to resolve or to fix on the calendar."
          action={
            <ButtonLink href="/calendar" variant="secondary">
              Open the calendar
            </ButtonLink>
          }
        />
      )}
      {byDays.map((section) => {
        const { from, to } = section[0]
        const days = dayCount(from, to)
        return (
          <section
            key={`${from}:${to}`}
            className="sc-conflict-day"
            aria-label={formatRange(from, to)}
          >
            <h2>
              {formatRange(from, to)}
              {days > 1 && <span className="ui-muted"> · {days} days</span>}
            </h2>
            <ul className="sc-conflict-list">
              {section.map((group) => (
                <li
                  key={group.key}
                  className={group.resolved ? 'sc-conflict sc-conflict-resolved' : 'sc-conflict'}
                >
                  <div className="sc-conflict-person">
                    <Badge tone={group.kind === 'crew' ? 'info' : 'warning'}>
                      {group.kind === 'crew' ? 'Crew' : 'Vendor'}
                    </Badge>
                    <Link
                      href={`/directory?tab=${group.kind === 'crew' ? 'crew' : 'vendors'}&id=${group.resourceId}`}
                    >
                      {group.resourceName}
                    </Link>
                  </div>
                  <ul className="sc-conflict-projects" aria-label="Projects">
                    {group.projects.map((project) => (
                      <li key={project.id}>
                        <Swatch color={project.color} />
                        <Link href={`/projects/${project.id}`}>{project.name}</Link>
                      </li>
                    ))}
                  </ul>
                  <ConflictResolution
                    conflicts={group.days}
                    onChanged={() => router.reload({ only: ['conflicts'] })}
                  />
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </>
  )
}
