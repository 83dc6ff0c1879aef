import { ScheduleShell, type SessionUser } from '~/components/schedule/schedule_shell'
import { PageHeader } from '~/components/shared/ui/page_header'
import { ListEditor, type ListKind } from '~/components/schedule/lists/list_editor'
import type { LookupName, Lookups } from '~/components/schedule/lookups'

/** Each list, and the `lookups` entry that holds its first data. */
const LISTS: (ListKind & { list: LookupName })[] = [
  {
    url: '/api/statuses',
    list: 'statuses',
    title: 'Booking statuses',
    noun: 'status',
    description:
      'How sure a crew member’s or vendor’s booking is. A status that books the person counts for double bookings; the default is given to everyone newly added to a roster.',
    deleteNote: 'Bookings with this status keep going without a status.',
    hasIcon: true,
    hasBooksPerson: true,
    hasDefault: true,
    colorRequired: true,
  },
  {
    url: '/api/project-statuses',
    list: 'projectStatuses',
    title: 'Project statuses',
    noun: 'project status',
    description: 'Where a project stands. New projects get the default.',
    deleteNote: 'Projects with this status keep going without a status.',
    hasIcon: true,
    hasDefault: true,
    colorRequired: true,
  },
  {
    url: '/api/crew-roles',
    list: 'crewRoles',
    title: 'Crew roles',
    noun: 'crew role',
    description: 'What a crew member does, in the directory and on rosters.',
    deleteNote: 'Crew members and roster places with this role keep going without one.',
  },
  {
    url: '/api/vendor-types',
    list: 'vendorTypes',
    title: 'Vendor types',
    noun: 'vendor type',
    description: 'What a vendor supplies.',
    deleteNote: 'Vendors of this type keep going without one.',
  },
  {
    url: '/api/location-types',
    list: 'locationTypes',
    title: 'Location types',
    noun: 'location type',
    description: 'What kind of place a location is.',
    deleteNote: 'Locations of this type keep going without one.',
  },
  {
    url: '/api/regions',
    list: 'regions',
    title: 'Regions',
    noun: 'region',
    description: 'Where people and places are, to filter the directory and the calendar.',
    deleteNote: 'People, places and projects in this region keep going without one.',
  },
  {
    url: '/api/activity-types',
    list: 'activityTypes',
    title: 'Activity types',
    noun: 'activity type',
    description:
      'What an activity of a production day is (shooting, meal, travel…); the day grid paints it in this colour. Icon: an emoji, or camera, clapperboard, mic, meal, truck, location, people, clock, calendar or star.',
    deleteNote: 'Activities of this type keep going without one.',
    hasIcon: true,
    colorRequired: true,
  },
]

/** The lists that label everything else; names and colours here show everywhere. */
export default function SettingsPage({ user, lookups }: { user: SessionUser; lookups: Lookups }) {
  return (
    <ScheduleShell user={user} title="Lists" width="regular">
      <PageHeader
        title="Lists"
        description="The statuses, roles, types, regions and activity types that label everything else. Changes save as you make them; drag ⠿ (or focus it and press Space, then the arrow keys) to change the order in which they are offered."
      />
      <div className="sc-list-grid">
        {LISTS.map((kind) => (
          <ListEditor key={kind.url} kind={kind} items={lookups[kind.list]} />
        ))}
      </div>
    </ScheduleShell>
  )
}
