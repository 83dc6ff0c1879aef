import { defineConfig } from '@adonisjs/shield'

/*
 * The four headers every spec names are set by SecurityHeadersMiddleware, so
 * shield's own frame and sniffing guards stay off to avoid duplicate headers.
 *
 * CSRF: shield's XSRF-TOKEN cookie has one fixed name, which the three apps
 * would share on one host. Pages instead carry the token in a meta tag and
 * send it back in the X-CSRF-TOKEN header. Server-to-server routes (sso's
 * /api/apps/*) sit outside the stateful route group and never see shield.
 *
 * The tus upload routes are exempt: every tus request carries the Tus-Resumable
 * header, which no cross-site form can send and no cross-origin script may send
 * without a CORS preflight this app never grants, and the session cookie is
 * SameSite=Lax. An upload's owner is its session (see uploadOwnership), which
 * is what protects an upload; resuming clients (another tab, a script) then
 * need no page to fetch a token from.
 *
 * transfer's POST /api/share/:token/download is public and acts on no one's
 * behalf (the password is the credential), so scripts may call it without a
 * page; a forged cross-site request gains nothing it could not do directly.
 *
 * The relying apps' POST /api/auth/exchange answers any client as the specs
 * say (400, 401, 429), so it takes no token either (decided deviation 6): a
 * code is accepted only from the session whose sign-in asked for it, and
 * requests a browser marks as cross-site are refused (sameOriginOnly).
 */
const shieldConfig = defineConfig({
  csp: { enabled: false, directives: {}, reportOnly: false },
  csrf: {
    enabled: true,
    enableXsrfCookie: false,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    exceptRoutes: [
      '/api/public-uploads',
      '/api/public-uploads/tus/:key',
      '/api/share/:token/download',
      '/api/auth/exchange',
    ],
  },
  xFrame: { enabled: false },
  hsts: { enabled: true, maxAge: '180 days' },
  contentTypeSniffing: { enabled: false },
})

export default shieldConfig
