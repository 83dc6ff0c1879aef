import type { IncomingMessage } from 'node:http'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'
import env from '#start/env'
import { appProfile } from '#config/app'
import { NONCE, type CspDirectives } from '#services/shared/content_security_policy'

/*
 * Route-level shield (the stateful() routes) does CSRF only. The four headers
 * every spec names, the Content-Security-Policy and HSTS are response
 * headers for every response, 404s and JSON included, so
 * SecurityHeadersMiddleware sets them as a server middleware
 * (contentSecurityPolicy and responseHeaders below).
 *
 * CSRF: shield's XSRF-TOKEN cookie has one fixed name, which the three apps
 * would share on one host. Pages instead carry the token in a meta tag and
 * send it back in the X-CSRF-TOKEN header (forms in a `_csrf` field; never in
 * the query string, see CsrfTokenSourceMiddleware). Server-to-server routes
 * (sso's /api/apps/*) sit outside the stateful route group and never see
 * shield.
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
})

export default shieldConfig

/*
 * Vite's dev server runs where @adonisjs/vite's provider starts it (the test
 * environment, or DEV_MODE as `npm run dev` sets). It serves the pages'
 * modules from the app's own origin; only its HMR socket has a port of its
 * own (VITE_HMR_PORT, else Vite's default), on HOST unless that is a
 * wildcard address, else on the host the page came from (the rule of
 * vite.config.ts's hmr.host, which Vite's client follows).
 */
const viteDevServer = app.getEnvironment() === 'test' || Boolean(process.env.DEV_MODE)
const hmrPort = Number(process.env.VITE_HMR_PORT) || 24678
const hmrHost =
  process.env.HOST && !['0.0.0.0', '::'].includes(process.env.HOST) ? process.env.HOST : null

function hmrSocket(request: IncomingMessage) {
  const pageHost = URL.parse(`http://${request.headers.host ?? 'localhost'}`)?.hostname
  const host = hmrHost ?? pageHost ?? 'localhost'
  // An IPv6 address is bracketed in a URL, as Vite's client writes it.
  return `ws://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${hmrPort}`
}

/*
 * The relying apps show people's avatars, which sso stores and serves (its
 * own origin, or its object store's https address).
 */
const ssoOrigins =
  appProfile.id === 'sso'
    ? []
    : [new URL(env.get('SSO_BASE_URL') ?? 'http://localhost:3333').origin]

/**
 * The Content-Security-Policy of every response, directive by directive
 * (app/services/shared/content_security_policy.ts joins it once and puts in
 * each response's nonce where `NONCE` stands).
 */
export const contentSecurityPolicy: CspDirectives = {
  'default-src': [`'self'`],
  // The page's entry scripts (and in development Vite's client and React
  // refresh preamble) carry this response's nonce; their imports are 'self'.
  'script-src': [`'self'`, NONCE],
  'script-src-attr': [`'none'`],
  // Radix positions popovers through inline style attributes, Vite's dev
  // client injects <style> elements, and the Edge error pages carry their
  // own <style>. Styles cannot run code; scripts stay nonce-only.
  'style-src': [`'self'`, `'unsafe-inline'`],
  // Avatars and a brand logo may live on an object store or CDN whose
  // address the app does not know; the QR code of TOTP enrolment is a
  // data: URL, picked photos are previewed from blob: URLs.
  'img-src': [`'self'`, 'data:', 'blob:', 'https:', ...ssoOrigins],
  'media-src': [`'self'`, 'blob:'],
  'font-src': [`'self'`, 'data:'],
  // tus uploads and every API call go to the app itself.
  'connect-src': viteDevServer ? [`'self'`, hmrSocket] : [`'self'`],
  // Vite's client pings a restarted dev server from a blob: worker.
  'worker-src': viteDevServer ? [`'self'`, 'blob:'] : [`'self'`],
  'object-src': [`'none'`],
  'base-uri': [`'self'`],
  // sso's sign-in pages add the connected apps' origins: a sign-in form's
  // redirect chain ends at the app's callback (SignInFormTargetsMiddleware).
  'form-action': [`'self'`],
  // Nothing may frame a page, except the sso widget's registered origins
  // (EmbedWidgetController).
  'frame-ancestors': [`'none'`],
}

/*
 * Shield's guards for every response: HSTS only. Its CSP guard would make an
 * Edge renderer for every response, JSON included, to share the nonce (a
 * third of the throughput of sso's token validation); the policy above is
 * joined once instead, and a view gets the nonce when it is made
 * (start/view.ts).
 */
export const responseHeaders = defineConfig({
  // Browsers honour HSTS from https responses only; production is behind TLS.
  hsts: { enabled: app.inProduction, maxAge: '180 days' },
})
