/*
 * schedule: the crew and project scheduling app (spec 3). Routes are split by
 * area; each file says which part of the spec it builds. Every group runs the
 * session, CSRF and the development bypass (stateful() + scheduleDevBypass).
 */
import './schedule/auth.js'
import './schedule/admin.js'
import './schedule/backup.js'
import './schedule/resources.js'
import './schedule/projects.js'
import './schedule/production.js'
import './schedule/trash_and_shares.js'
import './schedule/exports.js'
import './schedule/places.js'
import './schedule/location_photos.js'
import './schedule/feeds_and_feedback.js'
import './schedule/messaging.js'
import './schedule/pages.js'
