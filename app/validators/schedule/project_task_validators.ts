import vine from '@vinejs/vine'
import { databaseId } from '#validators/shared/ids'
import { textBlock } from '#validators/shared/free_text'
import { activeRecordId } from '#validators/schedule/record_fields'

const text = () => textBlock().minLength(1).maxLength(1000)

export const projectTaskListValidator = vine.create({
  projectId: databaseId(),
})

/** The project must be active: a project in the trash takes no new tasks. */
export const createProjectTaskValidator = vine.create({
  projectId: activeRecordId('projects'),
  text: text(),
})

export const updateProjectTaskValidator = vine.create({
  text: text().optional(),
  completed: vine.boolean().optional(),
})

export const projectTaskOrderValidator = vine.create({
  projectId: activeRecordId('projects'),
  ids: vine.array(databaseId()).maxLength(1000),
})
