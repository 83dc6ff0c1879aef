import env from '#start/env'

/**
 * A minimal browser over plain HTTP: keeps cookies and the page's CSRF token.
 * Japa's session client rebuilds the session for every request, so tests that
 * need several live sessions of one person (listing and ending them) use this.
 */
export class CookieAgent {
  readonly baseUrl = `http://${env.get('HOST') ?? '127.0.0.1'}:${env.get('PORT')}`
  #cookies = new Map<string, string>()
  #csrfToken = ''

  cookie(name: string) {
    return this.#cookies.get(name)
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {}
  ) {
    const isForm = body instanceof URLSearchParams
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      redirect: 'manual',
      headers: {
        'accept': isForm || method === 'GET' ? 'text/html' : 'application/json',
        'cookie': [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-csrf-token': this.#csrfToken,
        ...(body === undefined
          ? {}
          : { 'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body.toString() : JSON.stringify(body),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const index = pair.indexOf('=')
      const value = pair.slice(index + 1)
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) {
        this.#cookies.delete(pair.slice(0, index))
      } else {
        this.#cookies.set(pair.slice(0, index), value)
      }
    }
    const type = response.headers.get('content-type') ?? ''
    if (type.includes('text/html')) {
      const html = await response.clone().text()
      const token = html.match(/<meta name="csrf-token" content="([^"]+)"/)
      if (token) {
        this.#csrfToken = token[1]
      }
    }
    return response
  }

  /** Signs in through the sign-in form, as a browser does. */
  async signIn(email: string, password: string) {
    await this.request('GET', '/login')
    const response = await this.request(
      'POST',
      '/login',
      new URLSearchParams({ email, password, _csrf: this.#csrfToken })
    )
    // Pick up the CSRF token of the new session.
    await this.request('GET', '/')
    return response
  }

  async json(method: string, path: string, body?: unknown) {
    const response = await this.request(method, path, body)
    return { status: response.status, body: (await response.json()) as any }
  }
}
