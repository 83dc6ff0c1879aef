import { createServer, connect, type Server, type Socket } from 'node:net'

/**
 * A TCP relay between a server and what it connects to (its PostgreSQL), that
 * a test can unplug and plug back in: unplugged, it cuts every open
 * connection and refuses new ones, as a database that went away does.
 */
export class TcpCable {
  port = 0
  #server?: Server
  #sockets = new Set<Socket>()

  constructor(
    readonly targetHost: string,
    readonly targetPort: number
  ) {}

  async plugIn() {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost)
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket)
        socket.once('close', () => this.#sockets.delete(socket))
        socket.on('error', () => {
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve))
    this.port = (server.address() as { port: number }).port
    this.#server = server
    return this
  }

  async unplug() {
    const server = this.#server
    this.#server = undefined
    for (const socket of this.#sockets) socket.destroy()
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  }
}
