import http from 'node:http'
import type { AddressInfo } from 'node:net'

// Pictures by web address for the catalogue-import journey: a server in the test process that
// the shop's own server fetches from (playwright.config.ts names 127.0.0.1 in
// IMPORT_FETCH_ALLOW_HOSTS). A picture can be held: its request is answered only when the journey
// releases it, so the journey knows which row the import is on and can look at the job mid-run.

/** One held picture: when the shop asked for it, and the journey's go-ahead to answer. */
export interface HeldPicture {
  /** Resolves when the shop's request for the picture arrives, with the time it arrived. */
  readonly requested: Promise<number>
  /** Answers the request (now or, if it has not come yet, as soon as it does). */
  release: () => void
}

export interface PictureServer {
  /** The address of `name` (one of the pictures the server was given). */
  url: (name: string) => string
  /** Holds `name`'s answer until `release` (or, with `forMs`, that long after its request). */
  hold: (name: string, options?: { forMs?: number }) => HeldPicture
  /** Releases whatever is held and stops listening. */
  close: () => Promise<void>
}

export async function startPictureServer(pictures: Record<string, Buffer>): Promise<PictureServer> {
  const holds = new Map<string, { requested: () => void; released: Promise<void>; release: () => void }>()
  const server = http.createServer(async (request, response) => {
    const name = new URL(request.url ?? '/', 'http://pictures').pathname.slice(1)
    const picture = pictures[name]
    if (!picture) return void response.writeHead(404).end()
    const held = holds.get(name)
    if (held) {
      held.requested()
      await held.released
    }
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': picture.length }).end(picture)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    hold: (name, options = {}) => {
      let release!: () => void
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      let arrived!: (at: number) => void
      const requested = new Promise<number>((resolve) => {
        arrived = resolve
      })
      holds.set(name, {
        requested: () => {
          const at = Date.now()
          arrived(at)
          if (options.forMs !== undefined) setTimeout(release, options.forMs)
        },
        released,
        release,
      })
      return { requested, release }
    },
    close: async () => {
      for (const held of holds.values()) held.release()
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
}
