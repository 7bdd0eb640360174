import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { parseRequest } from './osmand';
import { refusal, type DeviceRateLimiter } from './guards';
import type { DeviceDirectory } from './device-directory';
import type { IngestPipeline } from './pipeline';

export interface IngestParts {
  directory: DeviceDirectory;
  limiter: DeviceRateLimiter;
  pipeline: IngestPipeline;
}

/** Largest OsmAnd request accepted (a JSON batch of buffered locations). */
export const BODY_LIMIT = 512 * 1024;

/** An OsmAnd request, whichever server received it. */
export interface OsmandRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
  remote: string | null;
}

/** The answer: a status, an empty body, and for a flood when to come back. */
export interface OsmandAnswer {
  status: 200 | 400 | 404 | 429;
  retryAfter?: number;
}

/**
 * One OsmAnd message (no sign-in: a watch is known by its IMEI). Answers as Traccar does: 200 with
 * an empty body when stored (also for a replay, so the client stops resending), 400 for a malformed
 * message, 404 for an unknown device, 429 for a flood from one device. What is refused is counted,
 * kept in the device's message ring and logged.
 */
export async function receiveOsmand(parts: IngestParts, request: OsmandRequest, log: FastifyBaseLogger): Promise<OsmandAnswer> {
  const { body, remote } = request;
  const payload = `${request.method} ${request.url}${body ? `\n${body}` : ''}`;
  const parsed = parseRequest(request.url, request.contentType, body);
  const uniqueId = parsed.uniqueId;
  if (!uniqueId) {
    parts.pipeline.record({ uniqueId: '', device: null, payload, remote, outcome: 'rejected', detail: parsed.ok ? null : parsed.reason });
    log.info({ remote, reason: parsed.ok ? '' : parsed.reason }, 'ingest: message refused');
    return { status: 400 };
  }
  // A known watch is answered without waiting a turn of the event loop for its lookup.
  const known = parts.directory.known(uniqueId);
  const device = known === undefined ? await parts.directory.resolve(uniqueId) : known;
  if (!parts.limiter.take(uniqueId)) {
    parts.pipeline.record({ uniqueId, device, payload, remote, outcome: 'rateLimited', detail: 'too many messages' });
    return { status: 429, retryAfter: 1 };
  }
  if (!device) {
    parts.pipeline.record({ uniqueId, device: null, payload, remote, outcome: 'unknownDevice' });
    log.warn({ uniqueId, remote }, 'ingest: unknown device');
    return { status: 404 };
  }
  if (!parsed.ok) {
    parts.pipeline.record({ uniqueId, device, payload, remote, outcome: 'rejected', detail: parsed.reason });
    log.info({ uniqueId, reason: parsed.reason }, 'ingest: message refused');
    return { status: 400 };
  }
  const now = Date.now();
  const problems = parsed.fixes.map((f) => refusal(f, now));
  const good = parsed.fixes.filter((_, i) => !problems[i]);
  const reason = problems.find(Boolean);
  if (good.length === 0) {
    parts.pipeline.record({ uniqueId, device, payload, remote, outcome: 'rejected', detail: reason ?? null });
    log.info({ uniqueId, reason }, 'ingest: message refused');
    return { status: 400 };
  }
  // In a batch of buffered locations the good ones are kept; the bad ones are named in the log.
  if (reason) log.info({ uniqueId, reason, refused: parsed.fixes.length - good.length }, 'ingest: locations refused in a batch');
  await parts.pipeline.submit({ uniqueId, device, payload, remote, fixes: good, detail: reason ? `${parsed.fixes.length - good.length} refused: ${reason}` : null });
  return { status: 200 };
}

/** Registers the endpoint on the API's own server at `paths`, with a raw body of any content type. */
export async function osmandRoutes(app: FastifyInstance, opts: IngestParts & { paths: string[] }): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
  for (const path of opts.paths) {
    app.all(path, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const answer = await receiveOsmand(opts, { method: request.method, url: request.url, contentType: request.headers['content-type'], body, remote: request.ip ?? null }, request.log);
      if (answer.retryAfter) reply.header('retry-after', String(answer.retryAfter));
      return reply.code(answer.status).send();
    });
  }
}
