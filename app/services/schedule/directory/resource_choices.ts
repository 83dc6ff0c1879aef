import db from '@adonisjs/lucid/services/db'
import { ROSTER_TABLES, type ResourceKind } from '#services/schedule/projects/project_records'

/** One person a "type a name" picker offers: enough to find, order and book them. */
export type ResourceChoice = { kind: ResourceKind; id: number; name: string; starred: boolean }

/**
 * The active crew members and vendors by name, as the pickers of the roster
 * and the crew-vendor links offer them (only the columns a picker shows).
 */
export class ResourceChoices {
  async of(kinds: ResourceKind[]) {
    const choices: ResourceChoice[] = []
    // One read after another: inside a transaction they share one client.
    for (const kind of kinds) {
      const rows: Omit<ResourceChoice, 'kind'>[] = await db
        .from(ROSTER_TABLES[kind].people)
        .whereNull('deleted_at')
        .select('id', 'name', 'starred')
        .orderByRaw('lower(name)')
        .orderBy('id')
      choices.push(...rows.map((row) => ({ kind, ...row })))
    }
    return choices
  }
}
