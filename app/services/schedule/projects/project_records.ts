import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Project from '#models/schedule/project'
import { RecordNotFoundError, invalidField } from '#services/schedule/directory/record_errors'
import { ROSTER_TABLES, type ResourceKind } from '#services/schedule/projects/roster_tables'

export { ROSTER_TABLES, type ResourceKind }

type Client = TransactionClientContract | typeof db

/**
 * The project, unless it does not exist or is in the trash (404 'Project not found').
 *
 * `lock` holds the project's row until the transaction ends, for a save that
 * reads the project (or one of its parts) before it writes: a second save of
 * the same project waits, then reads what the first one wrote. FOR NO KEY
 * UPDATE leaves rows that merely point at the project free to be written.
 */
export async function activeProject(
  id: number,
  trx?: TransactionClientContract,
  { lock = false }: { lock?: boolean } = {}
) {
  const query = Project.query({ client: trx })
    .withScopes((scopes) => scopes.active())
    .where('id', id)
  if (lock) {
    query.knexQuery.forNoKeyUpdate()
  }
  const project = await query.first()
  if (!project) {
    throw new RecordNotFoundError('Project not found')
  }
  return project
}

/** An active crew member or vendor by id, or a 422 on `field`. */
export async function activeResource(
  kind: ResourceKind,
  id: number,
  field: string,
  trx?: TransactionClientContract
): Promise<{ id: number; name: string }> {
  const row = await (trx ?? db)
    .from(ROSTER_TABLES[kind].people)
    .where('id', id)
    .whereNull('deleted_at')
    .select('id', 'name')
    .first()
  if (!row) {
    throw invalidField(field, `No such ${ROSTER_TABLES[kind].label}`, 'exists')
  }
  return row
}

/*
 * Tables a project or booking may point at, and how an id sent for them is
 * checked: a missing row is a 422 on that field, not a foreign-key error.
 */
const REFERENCES = {
  statuses: { table: 'statuses', softDeleted: false, what: 'status' },
  projectStatuses: { table: 'project_statuses', softDeleted: false, what: 'project status' },
  crewRoles: { table: 'crew_roles', softDeleted: false, what: 'crew role' },
  regions: { table: 'regions', softDeleted: false, what: 'region' },
  clients: { table: 'clients', softDeleted: false, what: 'client' },
  locations: { table: 'locations', softDeleted: true, what: 'location' },
} as const

/** Throws a 422 on `field` unless `id` (when given) names a row of `reference` that is not in the trash. */
export async function checkReference(
  reference: keyof typeof REFERENCES,
  field: string,
  id: number | null | undefined,
  client: Client = db
) {
  if (id === null || id === undefined) {
    return
  }
  const { table, softDeleted, what } = REFERENCES[reference]
  const query = client.from(table).where('id', id)
  if (softDeleted) {
    query.whereNull('deleted_at')
  }
  if (!(await query.select('id').first())) {
    throw invalidField(field, `No such ${what}`, 'exists')
  }
}
