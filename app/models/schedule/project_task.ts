import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One item of a project's checklist (spec 3, project_tasks). */
export default class ProjectTask extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare projectId: number

  @column()
  declare text: string

  @column()
  declare completed: boolean

  @column.dateTime()
  declare completedAt: DateTime | null

  @column()
  declare completedBy: string | null

  @column()
  declare completedByName: string | null

  @column()
  declare authorId: string | null

  @column()
  declare authorName: string | null

  @column()
  declare sortOrder: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
