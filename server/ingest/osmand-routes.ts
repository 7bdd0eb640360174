import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseRequest } from '../protocols/osmand/decoder';
import type { Fix } from '../protocols/types';
import { refusal, timeWindow, type IngestRateLimits } from './guards';
import type { DeviceDirectory, DeviceInfo } from './device-directory';
import type { IngestPipeline, QueuedCommand } from './pipeline';
import type { MessageLog } from './message-log';
import type { Db } from '../db/database';
import { markCommandSent } from '../commands/command-states';
import type { RequestTypes } from '../http/route-schemas';

export interface IngestParts {
  directory: DeviceDirectory;
  limits: IngestRateLimits;
  pipeline: IngestPipeline;
  /** For marking a command sent once the answer carrying it went out. */
  db: Db;
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
  /** The route's schema refused the request (route.validationError): answered as malformed, as parseRequest's refusals are. */
  refused?: string;
}

/**
 * The answer: a status, for a flood when to come back, and as Traccar answers, the text of the
 * device's oldest queued command as the body of a 200 (else an empty body).
 */
export interface OsmandAnswer {
  status: 200 | 400 | 429;
  retryAfter?: number;
  command?: QueuedCommand;
}

/**
 * Marks a command handed over in an answer as sent; called once the answer went out (written to
 * the socket). An answer that never went out leaves it queued, for the device's next message.
 */
export function commandSent(parts: IngestParts, command: QueuedCommand, log: FastifyBaseLogger): void {
  markCommandSent(parts.db, command.id).catch((err: unknown) => log.warn({ err, command: command.id }, 'ingest: command could not be marked sent'));
}

/** The fixes of a well-formed message that can be stored, and why the others cannot. */
function check(fixes: Fix[]): { good: Fix[]; reason: string | undefined } {
  const now = Date.now();
  const problems = fixes.map((f) => refusal(f));
  for (const f of fixes) f.window = timeWindow(f.fixTime, now);
  return { good: fixes.filter((_, i) => !problems[i]), reason: problems.find(Boolean) };
}

/**
 * Keeps a refused message in its device's ring (or the unknown devices' one) once the device is
 * looked up; the answer never waits for it, so it tells nothing about whether the device exists.
 */
function keep(parts: IngestParts, message: Omit<MessageLog, 'device'>): void {
  const known = message.uniqueId ? parts.directory.known(message.uniqueId) : null;
  if (known !== undefined) return parts.pipeline.record({ ...message, device: known });
  parts.directory.resolve(message.uniqueId).then(
    (device) => parts.pipeline.record({ ...message, device }),
    () => parts.pipeline.record({ ...message, device: null }),
  );
}

/**
 * One OsmAnd message (no sign-in: a watch is known by its IMEI). Nothing in the answer tells a
 * known IMEI from an unknown one: the message is checked whole first (400 for anything malformed,
 * whoever it names), then counted against its device's and its source address's flood budgets
 * (429 when over either, except a message carrying an SOS or fall alarm, which is counted but
 * never refused), and only then is the device looked up: 200 when stored, its body the text of the oldest command queued for the device or empty (also
 * for a replay, so the client stops resending) and 200 too for an unknown device, whose message
 * is only counted, logged and kept in the unknown devices' ring (docs/decisions/026-ingest-abuse-and-bad-input.md, "Ingest abuse
 * and bad input"). What is refused is counted, kept in the message ring and logged.
 */
export async function receiveOsmand(parts: IngestParts, request: OsmandRequest, log: FastifyBaseLogger): Promise<OsmandAnswer> {
  const { body, remote } = request;
  // PostgreSQL keeps no NUL in text: one sent raw is shown as U+FFFD in the ring.
  const payload = `${request.method} ${request.url}${body ? `\n${body}` : ''}`.replaceAll('\u0000', '\ufffd');
  const parsed = parseRequest(request.url, request.contentType, body);
  const uniqueId = parsed.uniqueId;
  const { good, reason } = request.refused !== undefined ? { good: [], reason: request.refused } : parsed.ok ? check(parsed.fixes) : { good: [], reason: parsed.reason };
  const within = parts.limits.take(uniqueId, remote);
  if (good.length === 0) {
    keep(parts, { uniqueId, payload, remote, outcome: 'rejected', detail: reason ?? null });
    // The device's IMEI is kept in the message ring (Troubleshooting), never in the log.
    log.info({ remote, reason }, 'ingest: message refused');
    return { status: 400 };
  }
  if (!within && !good.some((f) => f.alarm !== null)) {
    keep(parts, { uniqueId, payload, remote, outcome: 'rateLimited', detail: 'too many messages' });
    return { status: 429, retryAfter: 1 };
  }
  // A known watch is answered without waiting a turn of the event loop for its lookup.
  const known = parts.directory.known(uniqueId);
  const device: DeviceInfo | null = known === undefined ? await parts.directory.resolve(uniqueId) : known;
  if (!device) {
    parts.pipeline.record({ uniqueId, device: null, payload, remote, outcome: 'unknownDevice' });
    log.warn({ remote }, 'ingest: a message from a device that is not registered (kept in the unknown devices\' ring)');
    // Traccar answers 400 to the query form and 404 to the JSON one (OsmAndProtocolDecoder); Vigil
    // answers 200 to both, so the answer never tells which IMEIs are watches in use: knowing one
    // is the protocol's only credential (docs/decisions/026-ingest-abuse-and-bad-input.md).
    return { status: 200 };
  }
  const refused = parsed.ok ? parsed.fixes.length - good.length : 0;
  // In a batch of buffered locations the good ones are kept; the bad ones are named in the log.
  if (reason) log.info({ device: device.id, reason, refused }, 'ingest: locations refused in a batch');
  const { command } = await parts.pipeline.submit({ uniqueId, device, payload, remote, fixes: good, detail: reason ? `${refused} refused: ${reason}` : null });
  // A HEAD answer carries no body: the command waits for the next message.
  return command && request.method !== 'HEAD' ? { status: 200, command } : { status: 200 };
}

/** A query parameter: text, or several texts when repeated (`cell` and `wifi` are, one per tower or network). */
const PARAMETER = { type: ['string', 'array'], items: { type: 'string' } } as const;

/** OsmAnd's query parameters as watches send them (and any other, which Traccar keeps as attributes). */
const OSMAND_QUERY = {
  type: 'object',
  properties: {
    id: PARAMETER, deviceid: PARAMETER, timestamp: PARAMETER, lat: PARAMETER, lon: PARAMETER, location: PARAMETER, cell: PARAMETER, wifi: PARAMETER, speed: PARAMETER,
    bearing: PARAMETER, heading: PARAMETER, altitude: PARAMETER, accuracy: PARAMETER, hdop: PARAMETER, batt: PARAMETER, charge: PARAMETER, driverUniqueId: PARAMETER,
  },
  additionalProperties: PARAMETER,
} as const;

/** The body as sent, whatever its content type (the plugin reads every body as text): a JSON batch or a form; none for the query form (nor on GET). */
const OSMAND_BODY = { type: ['string', 'null'], maxLength: BODY_LIMIT } as const;

const NO_BODY = { type: 'null' } as const;

/**
 * The route's declaration: the protocol's answers are bodiless statuses, or a queued command as
 * plain text. Its schema checks and types the request; what it refuses, and anything malformed
 * inside (parseRequest, osmand/decoder.ts, reads the message from the URL and body as sent), gets
 * the protocol's own bodiless 400 from receiveOsmand, never a JSON validation error a watch cannot read.
 */
const OSMAND_SCHEMA = {
  summary: 'A watch reports its position (OsmAnd protocol, as Traccar decodes it): query form or JSON body',
  querystring: OSMAND_QUERY,
  response: {
    200: {
      description: 'Stored, or not a watch in use (the same answer, so IMEIs cannot be probed). A queued command as text, otherwise no body.',
      content: { 'text/plain': { schema: { type: 'string' } } },
    },
    400: { description: 'Not an OsmAnd message: nothing stored.', ...NO_BODY },
    413: { description: 'A body over 512 KiB: nothing stored.' },
    429: { description: 'Too many messages from this address or device; Retry-After says when to send again.', ...NO_BODY },
    503: { description: 'The database is away: nothing stored or acknowledged; the watch keeps the message and sends it again.' },
  },
} as const;

/** Methods that carry no body (Fastify reads none and takes no body schema for them). */
const BODYLESS = ['GET', 'HEAD', 'TRACE'];

/** Registers the endpoint on the API's own server at `paths`, for every method, with a raw body of any content type. */
export async function osmandRoutes(plugin: FastifyInstance, opts: IngestParts & { paths: string[] }): Promise<void> {
  const app = plugin.withTypeProvider<RequestTypes>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  /** The protocol's answer to a request and its checked body. */
  const answer = async (request: FastifyRequest, reply: FastifyReply, body: string) => {
    const refused = request.validationError ? 'malformed request' : undefined;
    const message = { method: request.method, url: request.url, contentType: request.headers['content-type'], body: refused === undefined ? body : '', remote: request.ip ?? null, refused };
    const { status, retryAfter, command } = await receiveOsmand(opts, message, request.log);
    if (retryAfter) reply.header('retry-after', String(retryAfter));
    if (!command) return reply.code(status).send();
    // Marked sent once the answer is written out; a connection gone before leaves it queued.
    reply.raw.once('finish', () => commandSent(opts, command, request.log));
    return reply.code(200).type('text/plain; charset=utf-8').send(command.text);
  };

  // attachValidation: a request the schema refuses is answered by the protocol (a bodiless 400), not with ABP's JSON.
  const withBody = app.supportedMethods.filter((method) => !BODYLESS.includes(method));
  for (const url of opts.paths) {
    app.route({ method: BODYLESS, url, attachValidation: true, schema: OSMAND_SCHEMA, handler: (request, reply) => answer(request, reply, '') });
    app.route({
      method: withBody,
      url,
      bodyLimit: BODY_LIMIT,
      attachValidation: true,
      schema: { ...OSMAND_SCHEMA, body: OSMAND_BODY },
      handler: (request, reply) => answer(request, reply, request.body ?? ''),
    });
  }
}
