import { defineConfig } from '@adonisjs/shield'

/*
 * The four headers every spec names are set by SecurityHeadersMiddleware, so
 * shield's own frame and sniffing guards stay off to avoid duplicate headers.
 *
 * CSRF: shield's XSRF-TOKEN cookie has one fixed name, which the three apps
 * would share on one host. Pages instead carry the token in a meta tag and
 * send it back in the X-CSRF-TOKEN header. Server-to-server routes (sso's
 * /api/apps/*) sit outside the stateful route group and never see shield.
 */
const shieldConfig = defineConfig({
  csp: { enabled: false, directives: {}, reportOnly: false },
  csrf: {
    enabled: true,
    enableXsrfCookie: false,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: false },
  hsts: { enabled: true, maxAge: '180 days' },
  contentTypeSniffing: { enabled: false },
})

export default shieldConfig
