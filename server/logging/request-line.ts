import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * What a log line says a request was for: the route's pattern when a route took it
 * (`/api/identity/users/by-email/:email`, never the address in it), else the path without its
 * query (`/registration?token=...` is `/registration`). Query values are never logged.
 */
export function pathOf(request: { url?: string; routeOptions?: { url?: string } }): string {
  const route = request.routeOptions?.url;
  if (route) return route;
  return (request.url ?? '').split('?')[0]!;
}

/** Routes whose successful answers are routine: probes, scrapes and the watches' reports (debug, not info). */
const ROUTINE = new Set(['/health', '/health/live', '/health/ready', '/metrics', '/ingest/osmand', '/ingest/osmand/']);

/**
 * One line per request, when it is answered, in words: `GET /api/app/devices 200 in 12 ms`. The
 * probes', the scrapes' and the ingest's 2xx lines are at debug: a watch reports every few seconds
 * and a load balancer probes every few; at info they would bury everything else.
 */
export class RequestLines extends LogController {
  override incomingRequest(): void {
    // The answer's line says it all.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const path = pathOf(request);
    const line = `${request.method} ${path} ${reply.statusCode} in ${ms} ms`;
    const fields = { req: request, res: reply, responseTime: ms };
    if (error) reply.log.error({ ...fields, err: error }, line);
    else if (reply.statusCode < 300 && ROUTINE.has(path)) reply.log.debug(fields, line);
    else reply.log.info(fields, line);
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`no route for ${request.method} ${pathOf(request)}`);
  }
}
