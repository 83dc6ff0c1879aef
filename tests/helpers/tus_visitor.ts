import env from '#start/env'

/** tus' Upload-Metadata: comma-separated `key base64(value)` pairs. */
export function tusMetadata(values: Record<string, string>) {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')
}

/**
 * One visitor speaking tus over real HTTP: keeps its cookies (so its session,
 * which owns its uploads) across requests, as a browser does.
 */
export class TusVisitor {
  #cookies = new Map<string, string>()
  #csrfToken = ''

  constructor(readonly baseUrl = `http://${env.get('HOST') ?? '127.0.0.1'}:${env.get('PORT')}`) {}

  get cookieHeader() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  async request(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      redirect: 'manual',
      headers: { 'tus-resumable': '1.0.0', 'cookie': this.cookieHeader, ...headers },
      body: body ? new Uint8Array(body) : undefined,
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const index = pair.indexOf('=')
      this.#cookies.set(pair.slice(0, index), pair.slice(index + 1))
    }
    return response
  }

  /** Opens the upload page, as a visitor does first: the session and the page's CSRF token. */
  async visit(path = '/') {
    const response = await this.request('GET', path, { accept: 'text/html' })
    const html = await response.text()
    const token = html.match(/<meta name="csrf-token" content="([^"]+)"/)
    this.#csrfToken = token?.[1] ?? ''
    return response
  }

  /** A JSON call of the page's scripts (with the CSRF token of the last visit). */
  async json(method: string, path: string, body: unknown) {
    const response = await this.request(
      method,
      path,
      {
        'content-type': 'application/json',
        'accept': 'application/json',
        'x-csrf-token': this.#csrfToken,
      },
      Buffer.from(JSON.stringify(body))
    )
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as any,
    }
  }

  /** tus creation; the upload's path is in `location` when it answers 201. */
  async create(
    size: number,
    metadata: Record<string, string>,
    headers: Record<string, string> = {}
  ) {
    const response = await this.request('POST', '/api/public-uploads', {
      'upload-length': String(size),
      'upload-metadata': tusMetadata(metadata),
      ...headers,
    })
    return { response, location: response.headers.get('location') }
  }

  patch(location: string, offset: number, bytes: Buffer) {
    return this.request(
      'PATCH',
      location,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      bytes
    )
  }

  head(location: string) {
    return this.request('HEAD', location)
  }

  /** The offset the server reports for the upload (HEAD). */
  async offset(location: string) {
    const response = await this.head(location)
    return response.headers.get('upload-offset')
  }

  /** Creates the upload and sends all of it in one PATCH. */
  async upload(bytes: Buffer, metadata: Record<string, string>) {
    const { response, location } = await this.create(bytes.length, metadata)
    if (response.status !== 201 || !location) {
      throw new Error(`creation failed: ${response.status} ${await response.text()}`)
    }
    const patched = await this.patch(location, 0, bytes)
    if (patched.status !== 204) {
      throw new Error(`PATCH failed: ${patched.status} ${await patched.text()}`)
    }
    return location
  }
}
