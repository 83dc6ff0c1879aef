import vine from '@vinejs/vine'

/**
 * The tus Upload-Metadata a public upload is created with. The file type is
 * only recorded: downloads are always sent as application/octet-stream.
 */
export const publicUploadMetadataValidator = vine.create({
  filename: vine.string().trim().minLength(1).maxLength(1024),
  filetype: vine
    .string()
    .trim()
    .maxLength(255)
    .regex(/^[\w.+-]+\/[\w.+-]+$/)
    .optional(),
  name: vine.string().trim().maxLength(200).optional(),
  email: vine.string().trim().toLowerCase().email().maxLength(254).optional(),
  message: vine.string().trim().maxLength(5000).optional(),
})
