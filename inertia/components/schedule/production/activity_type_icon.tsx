import {
  CalendarIcon,
  CameraIcon,
  ClapperboardIcon,
  ClockIcon,
  MapPinIcon,
  MealIcon,
  MicIcon,
  StarIcon,
  TruckIcon,
  UsersIcon,
} from '~/components/shared/ui/icons'

/** The icon names an activity type may give (the Lists page's "Icon"), and what each draws. */
const ICONS = {
  camera: CameraIcon,
  clapperboard: ClapperboardIcon,
  scene: ClapperboardIcon,
  mic: MicIcon,
  sound: MicIcon,
  meal: MealIcon,
  utensils: MealIcon,
  truck: TruckIcon,
  travel: TruckIcon,
  location: MapPinIcon,
  pin: MapPinIcon,
  people: UsersIcon,
  users: UsersIcon,
  clock: ClockIcon,
  calendar: CalendarIcon,
  star: StarIcon,
}

/**
 * An activity type's icon, beside its name on the grid: one of the kit's
 * drawings by name, or the text itself (an emoji) for any other. It is
 * decoration: the block's accessible name says the type.
 */
export function ActivityTypeIcon({ icon }: { icon: string | null }) {
  if (!icon) return null
  const Drawn = ICONS[icon.toLowerCase() as keyof typeof ICONS]
  return Drawn ? (
    <Drawn size={12} />
  ) : (
    <span className="sc-day-grid-icon" aria-hidden="true">
      {icon}
    </span>
  )
}
