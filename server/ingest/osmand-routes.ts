import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
const BODY_LIMIT = 512 * 1024;

/**
 * The OsmAnd endpoint (any method, no sign-in: a watch is known by its IMEI). Answers as Traccar
 * does: 200 with an empty body when stored (also for a replay, so the client stops resending),
 * 400 for a malformed message, 404 for an unknown device, 429 for a flood from one device.
 */
export function osmandHandler(parts: IngestParts) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const payload = `${request.method} ${request.url}${body ? `\n${body}` : ''}`;
    const remote = request.ip ?? null;
    const parsed = parseRequest(request.url, request.headers['content-type'], body);
    const uniqueId = parsed.uniqueId;
    if (!uniqueId) {
      parts.pipeline.record({ uniqueId: '', device: null, payload, remote, outcome: 'rejected', detail: parsed.ok ? null : parsed.reason });
      request.log.info({ remote, reason: parsed.ok ? '' : parsed.reason }, 'ingest: message refused');
      return reply.code(400).send();
    }
    if (!parts.limiter.take(uniqueId)) {
      const device = await parts.directory.resolve(uniqueId);
      parts.pipeline.record({ uniqueId, device, payload, remote, outcome: 'rateLimited', detail: 'too many messages' });
      return reply.code(429).header('retry-after', '1').send();
    }
    const device = await parts.directory.resolve(uniqueId);
    if (!device) {
      parts.pipeline.record({ uniqueId, device: null, payload, remote, outcome: 'unknownDevice' });
      request.log.warn({ uniqueId, remote }, 'ingest: unknown device');
      return reply.code(404).send();
    }
    if (!parsed.ok) {
      parts.pipeline.record({ uniqueId, device, payload, remote, outcome: 'rejected', detail: parsed.reason });
      request.log.info({ uniqueId, reason: parsed.reason }, 'ingest: message refused');
      return reply.code(400).send();
    }
    const now = Date.now();
    const problems = parsed.fixes.map((f) => refusal(f, now));
    const good = parsed.fixes.filter((_, i) => !problems[i]);
    const reason = problems.find(Boolean);
    if (good.length === 0) {
      parts.pipeline.record({ uniqueId, device, payload, remote, outcome: 'rejected', detail: reason ?? null });
      request.log.info({ uniqueId, reason }, 'ingest: message refused');
      return reply.code(400).send();
    }
    // In a batch of buffered locations the good ones are kept; the bad ones are named in the log.
    if (reason) request.log.info({ uniqueId, reason, refused: parsed.fixes.length - good.length }, 'ingest: locations refused in a batch');
    await parts.pipeline.submit({ uniqueId, device, payload, remote, fixes: good, detail: reason ? `${parsed.fixes.length - good.length} refused: ${reason}` : null });
    return reply.code(200).send();
  };
}

/** Registers the endpoint on `paths` with a raw body of any content type. */
export async function osmandRoutes(app: FastifyInstance, opts: IngestParts & { paths: string[] }): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
  const handler = osmandHandler(opts);
  for (const path of opts.paths) app.all(path, { bodyLimit: BODY_LIMIT }, handler);
}
