import net from 'node:net'

/**
 * A TCP proxy a test controls, put between the shop and PostgreSQL (or Redis) to make it fail as
 * real servers do, without stopping the machine's own servers:
 * - drop(): the server is away: open connections are cut and new ones refused (ECONNREFUSED)
 *   until resume();
 * - sever(): every open connection dies without the client hearing, as after a restart or a
 *   failover: the client learns only when it next writes; new connections go through;
 * - pause(): the server freezes: connections stay open and nothing comes back until resume().
 */
export interface TcpProxy {
  port: number
  /** `url` with its host and port pointed at the proxy. */
  through(url: string): string
  drop(): Promise<void>
  sever(): void
  pause(): void
  resume(): Promise<void>
  /** Connections open now (client side). */
  readonly open: number
  close(): Promise<void>
}

interface Pair {
  client: net.Socket
  server: net.Socket
}

export async function tcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const pairs = new Set<Pair>()
  const severed = new Set<net.Socket>()
  let paused = false
  let listening = true
  const server = net.createServer((client) => {
    // A connection accepted in the same moment drop() closed the server, after it cut the open
    // ones: the server is away, so it is refused too (else a probe could reach the database).
    if (!listening) {
      client.destroy()
      return
    }
    const upstream = net.connect(targetPort, targetHost)
    const pair = { client, server: upstream }
    pairs.add(pair)
    client.pipe(upstream)
    upstream.pipe(client)
    if (paused) {
      client.pause()
      upstream.pause()
    }
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  await listen(0)
  const { port } = server.address() as net.AddressInfo

  return {
    port,
    through(url) {
      const address = new URL(url)
      address.hostname = '127.0.0.1'
      address.port = String(port)
      return address.toString()
    },
    async drop() {
      if (listening) {
        listening = false
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          for (const socket of severed) socket.destroy()
          for (const pair of pairs) {
            pair.client.destroy()
            pair.server.destroy()
          }
        })
      }
    },
    sever() {
      for (const pair of [...pairs]) {
        pairs.delete(pair)
        const { client } = pair
        client.unpipe()
        pair.server.unpipe()
        pair.server
          .removeAllListeners('close')
          .removeAllListeners('error')
          .on('error', () => {})
        pair.server.destroy()
        // The client's socket stays open until it says something: then it is cut.
        client
          .removeAllListeners('close')
          .removeAllListeners('error')
          .on('error', () => {})
        severed.add(client)
        client.once('close', () => severed.delete(client))
        client.resume()
        client.on('data', () => client.destroy())
      }
    },
    pause() {
      paused = true
      for (const pair of pairs) {
        pair.client.pause()
        pair.server.pause()
      }
    },
    async resume() {
      paused = false
      for (const pair of pairs) {
        pair.client.resume()
        pair.server.resume()
      }
      if (!listening) {
        await listen(port)
        listening = true
      }
    },
    get open() {
      return pairs.size
    },
    async close() {
      for (const socket of severed) socket.destroy()
      for (const pair of pairs) {
        pair.client.destroy()
        pair.server.destroy()
      }
      if (listening) await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
