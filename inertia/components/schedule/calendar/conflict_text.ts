import { parseISO, format } from 'date-fns'
import type { Conflict } from './calendar_types'

function describe(conflict: Conflict) {
  const projects = conflict.projects.map((project) => project.name).join(' and ')
  return `${conflict.resourceName} on ${format(parseISO(conflict.date), 'EEE d MMM yyyy')}: ${projects}`
}

/**
 * The warning after a save that double-booked someone: who, which day, which
 * projects. Long lists are cut after three clashes.
 */
export function conflictWarning(conflicts: Conflict[]): string | null {
  const open = conflicts.filter((conflict) => !conflict.resolution)
  if (open.length === 0) return null
  const shown = open.slice(0, 3).map(describe)
  const more = open.length > shown.length ? ` (and ${open.length - shown.length} more)` : ''
  return `Double booking: ${shown.join('; ')}${more}`
}

/** A bar's tooltip line for each clash it is part of. */
export function conflictLines(conflicts: Conflict[], projectId: number): string[] {
  return conflicts.map((conflict) => {
    const others = conflict.projects
      .filter((project) => project.id !== projectId)
      .map((project) => project.name)
      .join(', ')
    const state = conflict.resolution ? ' (resolved)' : ''
    return `${conflict.resourceName} on ${format(parseISO(conflict.date), 'd MMM')} also on ${others}${state}`
  })
}
