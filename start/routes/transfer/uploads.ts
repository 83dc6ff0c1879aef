/*
 * Public uploads over tus and email verification (spec 2: POST /api/public-uploads,
 * /api/verify-email/*, GET /api/settings/email-verification).
 */
