import type { FastifyInstance } from 'fastify'

/**
 * SIGTERM as deployments expect it (README: Deployment). First `/readyz` answers 503 for
 * SHUTDOWN_GRACE_MS while everything else is still served, so a load balancer that checks it on
 * a new connection stops sending traffic here; closing the listener at once would only have
 * refused its check, and cut requests on their way. Then the listener closes: requests in flight
 * finish, each kept-alive connection closes after its current answer (`Connection: close`,
 * plugins/infrastructure.ts) and idle ones at once, and `afterClose` stops what is left.
 *
 * serve.ts runs this under close-with-grace's timer of graceMs + SHUTDOWN_FINISH_MS (10 s): a stop that
 * outlasts it is forced with exit code 1, so a supervisor can tell it from a clean one (0).
 */
export async function drainAndClose(
  app: FastifyInstance,
  graceMs: number,
  afterClose: () => Promise<void> = async () => {},
): Promise<void> {
  app.draining.on = true
  app.log.info({ graceMs }, 'Shutting down: /readyz answers 503 while requests are still served')
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs))
  await app.close()
  await afterClose()
}
