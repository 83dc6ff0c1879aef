import { getTimes } from 'suncalc'
import { DateTime } from 'luxon'

export type SunTimes = {
  /** 'HH:MM' in `timezone`; null when the sun does not rise or set that day (polar day or night). */
  sunrise: string | null
  sunset: string | null
  timezone: string
}

/**
 * Sunrise and sunset at a place on a day, computed offline (suncalc), told
 * in the production's time zone. The instant asked about is the place's
 * solar noon, so the answer is that calendar day's sun wherever the place is.
 */
export function sunTimes(date: string, lat: number, lng: number, timezone: string): SunTimes {
  const [year, month, day] = date.split('-').map(Number)
  const solarNoon = new Date(Date.UTC(year, month - 1, day, 12) - (lng / 15) * 3_600_000)
  const times = getTimes(solarNoon, lat, lng)
  // suncalc answers null (older versions an invalid Date) for a sun that never crosses the horizon.
  const clock = (instant: Date | null) =>
    !instant || Number.isNaN(instant.getTime())
      ? null
      : DateTime.fromJSDate(instant).setZone(timezone).toFormat('HH:mm')
  return { sunrise: clock(times.sunrise), sunset: clock(times.sunset), timezone }
}
