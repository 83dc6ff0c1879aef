/**
 * POST /api/internal/heartbeat of spec 2. The upload page calls it during long
 * uploads; the session middleware around the route refreshes the visitor's
 * session (its expiry in the store and its cookie), which is the point.
 */
export default class HeartbeatController {
  async beat() {
    return { ok: true, time: new Date().toISOString() }
  }
}
