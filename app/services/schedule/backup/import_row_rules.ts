import { errors } from '@vinejs/vine'
import string from '@adonisjs/core/helpers/string'
import type { TableInfo } from '#services/schedule/backup/backup_catalog'
import type { BackupRow } from '#services/schedule/backup/backup_format'
import {
  updateActivityValidator,
  updateContactValidator,
} from '#validators/schedule/activity_validators'
import { updateClientValidator } from '#validators/schedule/client_validators'
import { updateCrewValidator } from '#validators/schedule/crew_validators'
import { updateLocationValidator } from '#validators/schedule/location_validators'
import {
  updateGroupValidator,
  updateTemplateValidator,
} from '#validators/schedule/messaging_validators'
import { updateProjectTaskValidator } from '#validators/schedule/project_task_validators'
import { updateProjectValidator } from '#validators/schedule/project_validators'
import { referenceListValidators } from '#validators/schedule/reference_list_validators'
import { updateResourceNoteValidator } from '#validators/schedule/resource_note_validators'
import {
  updateCrewBookingValidator,
  updateVendorBookingValidator,
} from '#validators/schedule/roster_validators'
import { updateVendorValidator } from '#validators/schedule/vendor_validators'

type RowValidator = { validate(data: unknown): Promise<unknown> }

/**
 * The API's validator for the rows of each table people write through the
 * API: an import holds a row to the rules the form that wrote it is held to
 * (a 100,000-character name is refused here as on the page). The update
 * validators take any subset of the fields, so a row is checked field by field.
 */
const VALIDATORS: Record<string, RowValidator> = {
  crews: updateCrewValidator,
  vendors: updateVendorValidator,
  locations: updateLocationValidator,
  clients: updateClientValidator,
  projects: updateProjectValidator,
  project_crew: updateCrewBookingValidator,
  project_vendor: updateVendorBookingValidator,
  project_tasks: updateProjectTaskValidator,
  resource_notes: updateResourceNoteValidator,
  activities: updateActivityValidator,
  call_sheet_contacts: updateContactValidator,
  message_templates: updateTemplateValidator,
  message_groups: updateGroupValidator,
  statuses: referenceListValidators['statuses'].update,
  project_statuses: referenceListValidators['project-statuses'].update,
  crew_roles: referenceListValidators['crew-roles'].update,
  vendor_types: referenceListValidators['vendor-types'].update,
  location_types: referenceListValidators['location-types'].update,
  regions: referenceListValidators['regions'].update,
  activity_types: referenceListValidators['activity-types'].update,
}

const TEXT_TYPES = new Set(['text', 'character varying', 'character', 'varchar'])

export type RowRuleProblem = { column: string; message: string }

/**
 * What the API's validator says of a row's text: each text column that holds
 * a value goes in as the API's field (snake_case column, camelCase field).
 * Ids and references are left to the import's own checks, which look them up
 * in the document rather than in this database.
 */
export async function rowRuleProblems(table: TableInfo, row: BackupRow) {
  const validator = VALIDATORS[table.name]
  if (!validator) {
    return []
  }
  const columnOf = new Map<string, string>()
  const body: Record<string, string> = {}
  for (const column of table.columns) {
    const value = row[column.name]
    if (TEXT_TYPES.has(column.dataType) && typeof value === 'string') {
      const field = string.camelCase(column.name)
      columnOf.set(field, column.name)
      body[field] = value
    }
  }
  try {
    await validator.validate(body)
    return []
  } catch (error) {
    if (!(error instanceof errors.E_VALIDATION_ERROR)) throw error
    return (error.messages as { field: string; message: string }[]).map(
      ({ field, message }): RowRuleProblem => ({
        column: columnOf.get(field.split('.')[0]) ?? field,
        message,
      })
    )
  }
}
