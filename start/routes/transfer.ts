/*
 * transfer: the file-transfer app (spec 2). Routes are split by area; each
 * file says which part of the spec it builds.
 */
import './transfer/auth.js'
import './transfer/uploads.js'
import './transfer/shares.js'
import './transfer/admin.js'
import './transfer/theme.js'
