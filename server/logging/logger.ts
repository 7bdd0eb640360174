import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config';
import { pathOf } from './request-line';

/**
 * The one log of every Vigil process (supervisor, API workers, scripts that start a server): pino,
 * written as JSON when stdout is not a terminal or LOG_FORMAT=json, and through pino-pretty (one
 * line of words each, time first) in a terminal or with LOG_FORMAT=pretty.
 *
 * Nothing personal and no secret is logged (README, Logs): the request line names the route, never
 * the query; the fields below are censored wherever a caller puts them, as a net under the rule
 * that log calls name records by their ids, never by what identifies a person.
 */
export const REDACTED = '[redacted]';

/** Fields that hold personal data or secrets, at the top of a log object or one level down. */
const SENSITIVE = ['uniqueId', 'imei', 'email', 'userName', 'phone', 'to', 'text', 'body', 'payload', 'token', 'password', 'secret', 'authorization', 'cookie', 'latitude', 'longitude', 'lat', 'lon', 'address'];
export const REDACT_PATHS = [...SENSITIVE, ...SENSITIVE.map((field) => `*.${field}`), 'req.headers', 'res.headers'];

/** Properties of errors (PostgreSQL's `detail` names the values of a refused row) that are not logged. */
const ERROR_FIELDS_DROPPED = ['detail', 'where', 'parameters', 'body', 'payload', 'headers', 'config', 'request', 'response'];

/** An e-mail address anywhere in a text (an SMTP server's refusal quotes the recipient). */
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** A text with every e-mail address in it replaced: for messages of errors and of other systems. */
export function scrub(text: string): string {
  return text.replace(EMAIL, '[e-mail]');
}

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  routeOptions?: { url?: string };
}

const serializers: LoggerOptions['serializers'] = {
  // The route's pattern (`/api/identity/users/by-email/:email`), else the path without its query.
  req: (req: RequestLike) => ({ method: req.method, url: pathOf(req), remoteAddress: req.ip }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  err: (err: Error) => {
    const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(err) };
    for (const field of ERROR_FIELDS_DROPPED) delete serialized[field];
    for (const field of ['message', 'stack'] as const) if (typeof serialized[field] === 'string') serialized[field] = scrub(serialized[field]);
    return serialized;
  },
};

export type LogFormat = 'pretty' | 'json';

/** LOG_FORMAT as set ('auto', 'pretty', 'json'), resolved for this process's stdout. */
export function resolveLogFormat(setting: Config['logFormat'], stdoutIsTty = process.stdout.isTTY === true): LogFormat {
  if (setting === 'auto') return stdoutIsTty ? 'pretty' : 'json';
  return setting;
}

/** pino-pretty in words: time and level, the message; the request line's fields are in its words already. */
export function prettyStream(destination: NodeJS.WritableStream = process.stdout, colorize = process.stdout.isTTY === true): DestinationStream {
  return pretty({
    destination,
    colorize,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
  });
}

/**
 * The supervisor's level: its few lines (compiled, web app built, the ready block with the setup
 * link, workers replaced) are what an operator must see at a start, so LOG_LEVEL quietens them only
 * when it is `silent`; a more talkative level is kept.
 */
export function supervisorLevel(level: string): string {
  return ['silent', 'info', 'debug', 'trace'].includes(level) ? level : 'info';
}

/** The options every Vigil logger is made with (level, redaction, serializers). */
export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers,
    // Texts from elsewhere (an error's words, a gateway's answer) may quote an address.
    formatters: { log: (object) => Object.fromEntries(Object.entries(object).map(([k, v]) => [k, typeof v === 'string' ? scrub(v) : v])) },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrub(a) : a)) as Parameters<typeof method>);
      },
    },
  };
}

/**
 * A logger for this process. `destination` is for tests; otherwise stdout, pretty or JSON as
 * LOG_FORMAT and the terminal say. pino writes through process.stdout.write (not its file
 * descriptor), so what a test captures there is what an operator reads.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>, destination?: NodeJS.WritableStream): Logger {
  const format = resolveLogFormat(config.logFormat, destination ? false : undefined);
  const out = destination ?? process.stdout;
  return pino(loggerOptions(config), format === 'pretty' ? prettyStream(out, destination ? false : undefined) : (out as DestinationStream));
}
