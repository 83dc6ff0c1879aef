import vine from '@vinejs/vine'
import { textBlock, textLine } from '#validators/shared/free_text'

/**
 * The tus Upload-Metadata a public upload is created with. The file type is
 * only recorded: downloads are always sent as application/octet-stream.
 */
export const publicUploadMetadataValidator = vine.create({
  filename: textLine().minLength(1).maxLength(1024),
  filetype: vine
    .string()
    .trim()
    .maxLength(255)
    .regex(/^[\w.+-]+\/[\w.+-]+$/)
    .optional(),
  name: textLine().maxLength(200).optional(),
  email: vine.string().trim().toLowerCase().email().maxLength(254).optional(),
  message: textBlock().maxLength(5000).optional(),
})
