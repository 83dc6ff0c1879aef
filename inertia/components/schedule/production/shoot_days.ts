import { formatDay } from '~/components/shared/dates'

/** "Day 2 · Tue 2 Sep": a production day as the project page and the share page name it. */
export function shootDayLabel(index: number, day: string) {
  return `Day ${index + 1} · ${formatDay(day)}`
}
