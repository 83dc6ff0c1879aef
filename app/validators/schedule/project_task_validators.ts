import vine from '@vinejs/vine'
import { activeRecordId } from '#validators/schedule/record_fields'

const text = () => vine.string().trim().minLength(1).maxLength(1000)

export const projectTaskListValidator = vine.create({
  projectId: vine.number().withoutDecimals().positive(),
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
  ids: vine.array(vine.number().withoutDecimals().positive()).maxLength(1000),
})
