import vine from '@vinejs/vine'
import { secretText, textBlock, textLine } from '#validators/shared/free_text'

/*
 * Share fields staff may set. `password`: a non-empty string sets it, '' or
 * null clears it, absent leaves it. Expiry: `expiresAt` (ISO 8601, null for
 * none) or `expiresInDays` (0 for none).
 */
const shareFields = {
  password: vine.string().use(secretText()).maxLength(200).nullable().optional(),
  expiresAt: vine
    .date({ formats: ['iso8601'] })
    .nullable()
    .optional(),
  expiresInDays: vine.number().withoutDecimals().min(0).max(3650).nullable().optional(),
  maxDownloads: vine.number().withoutDecimals().min(1).max(1_000_000).nullable().optional(),
  title: textLine().maxLength(200).nullable().optional(),
  message: textBlock().maxLength(5000).nullable().optional(),
  recipientEmails: vine.array(vine.string().trim().email().maxLength(254)).maxLength(50).optional(),
  notifyOnDownload: vine.boolean().optional(),
}

export const createShareValidator = vine.create({
  uploadId: vine.string().uuid(),
  ...shareFields,
})

export const updateShareValidator = vine.create(shareFields)

export const shareDownloadValidator = vine.create({
  password: vine.string().use(secretText()).maxLength(200).nullable().optional(),
})

export const uploadListValidator = vine.create({
  search: textLine().maxLength(200).optional(),
  status: vine.enum(['uploading', 'complete'] as const).optional(),
  sort: vine.enum(['created', 'name', 'size'] as const).optional(),
  order: vine.enum(['asc', 'desc'] as const).optional(),
  page: vine.number().withoutDecimals().min(1).optional(),
  perPage: vine.number().withoutDecimals().min(1).max(100).optional(),
})

const downloadLogFilter = {
  shareId: vine.string().uuid().optional(),
  uploadId: vine.string().uuid().optional(),
}

export const downloadLogExportValidator = vine.create(downloadLogFilter)

export const downloadLogListValidator = vine.create({
  ...downloadLogFilter,
  page: vine.number().withoutDecimals().min(1).optional(),
  perPage: vine.number().withoutDecimals().min(1).max(200).optional(),
})
