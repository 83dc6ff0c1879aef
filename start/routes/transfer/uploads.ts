/*
 * Public uploads over tus and email verification (spec 2: POST /api/public-uploads,
 * /api/verify-email/*, GET /api/settings/email-verification).
 *
 * POST /api/public-uploads is tus' creation request; the upload it creates lives
 * at /api/public-uploads/tus/:key (HEAD for the offset, PATCH to append, DELETE
 * to cancel). Staff's DELETE /api/public-uploads/:id is a different route.
 */
import router from '@adonisjs/core/services/router'
import { stateful } from '#start/kernel'

const PublicUploadsTusController = () =>
  import('#controllers/transfer/public_uploads_tus_controller')
const EmailVerificationController = () =>
  import('#controllers/transfer/email_verification_controller')

router
  .group(() => {
    router
      .post('/api/public-uploads', [PublicUploadsTusController, 'store'])
      .as('transfer.public_uploads.create')
    router
      .route(
        '/api/public-uploads/tus/:key',
        ['HEAD', 'PATCH', 'DELETE'],
        [PublicUploadsTusController, 'resource']
      )
      .as('transfer.public_uploads.tus')

    router.get('/api/settings/email-verification', [EmailVerificationController, 'requirement'])
    router.post('/api/verify-email/send', [EmailVerificationController, 'send'])
    router.post('/api/verify-email/check', [EmailVerificationController, 'check'])
  })
  .use(stateful())
