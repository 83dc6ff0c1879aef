import vine from '@vinejs/vine'

/**
 * POST /api/admin/import: `{ data: <backup document>, options: { dryRun } }`.
 * The document itself is checked by DatabaseImport, which names every
 * problem in it rather than stopping at the first.
 */
export const importValidator = vine.create(
  vine.object({
    data: vine.record(vine.any()),
    options: vine.object({ dryRun: vine.boolean().optional() }).optional(),
  })
)
