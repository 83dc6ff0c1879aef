/*
 * Shares, downloads and download logs (spec 2: /api/staff-shares, /api/share/:token,
 * /api/generate-password, staff routes of /api/public-uploads, /api/download-logs).
 */
