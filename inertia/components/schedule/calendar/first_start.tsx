import { Link } from '@inertiajs/react'
import type { Lookups } from '~/components/schedule/lookups'
import { Button } from '~/components/shared/ui/button'
import { CalendarIcon } from '~/components/shared/ui/icons'

/** Whether anything is planned yet (the calendar page's `setup` prop). */
export type CalendarSetup = { hasProjects: boolean; hasPeople: boolean }

/**
 * What the calendar says before anything is planned: what it is for and the
 * first steps, in the order that works (Lists before the directory, because
 * a crew member's role and region are picked from them).
 */
export function FirstStart(props: {
  setup: CalendarSetup
  lookups: Lookups
  /** Opens the new-project dialog, or takes the person to where it is. */
  onNewProject: () => void
}) {
  const { setup, lookups } = props
  const listsEmpty = lookups.crewRoles.length === 0 || lookups.regions.length === 0
  return (
    <section className="ui-panel cal-first-start" aria-labelledby="cal-first-start-title">
      <div className="cal-first-start-icon" aria-hidden="true">
        <CalendarIcon size={28} />
      </div>
      <h2 id="cal-first-start-title">Nothing is planned yet</h2>
      <p className="ui-muted">
        This calendar is where you plan your projects and who works on them, day by day: each
        project is a bar across its days, and the People view shows every crew member and vendor
        with their bookings. Double bookings are flagged wherever they show.
      </p>
      <ol className="cal-first-steps">
        {!setup.hasPeople && listsEmpty && (
          <li>
            <strong>Set up your lists first.</strong> The roles crew do (Gaffer, Editor…), the types
            of vendor and the regions you work in are chosen from{' '}
            <Link href="/settings">Lists</Link>; add yours there, so they are ready to pick when you
            add people.
          </li>
        )}
        {!setup.hasPeople && (
          <li>
            <strong>Add your crew and vendors</strong> in the{' '}
            <Link href="/directory?tab=crew">directory</Link>, with their role, region and contact
            details.
          </li>
        )}
        <li>
          <strong>Create your first project</strong> by dragging across its days, or with the button
          below; then book people on it from the project page or the People view.
        </li>
      </ol>
      <Button onClick={props.onNewProject}>Create a project</Button>
    </section>
  )
}
