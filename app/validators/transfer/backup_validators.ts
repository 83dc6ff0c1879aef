import vine from '@vinejs/vine'
import { secretText, singleLineText, textLine } from '#validators/shared/free_text'

/** A provider path: '/Backups/2026' (the browser checks it lies in the backup folder). */
const providerPath = textLine().maxLength(1000).startsWith('/')

/** POST /api/cloudsync/save-credentials: an empty secret keeps the stored one. */
export const backupCredentialsValidator = vine.create({
  appKey: vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(200)
    .regex(/^[A-Za-z0-9_-]+$/),
  appSecret: vine.string().trim().use(secretText()).maxLength(200).optional(),
})

/** GET /api/cloudsync/folders and /files: a folder and the next page's cursor. */
export const backupListingValidator = vine.create({
  path: providerPath.clone().optional(),
  cursor: vine.string().use(singleLineText()).maxLength(2000).optional(),
})

/** POST /api/cloudsync/folders: the folder backups go to, made first when asked. */
export const backupFolderValidator = vine.create({
  path: providerPath.clone().regex(/^\/[^/]/),
  create: vine.boolean().optional(),
})

export const backupDownloadValidator = vine.create({
  path: providerPath.clone(),
})

export const backupZipValidator = vine.create({
  paths: vine.array(providerPath.clone()).minLength(1).maxLength(500).distinct(),
})
