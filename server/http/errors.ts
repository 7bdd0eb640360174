import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isConnectionError, RETRY_AFTER_SECONDS } from '../db/health';

/** One entry of ABP's validationErrors. */
export interface ValidationError {
  message: string;
  members: string[];
}

/**
 * An error answered in ABP's shape: `{ error: { code, message, details, validationErrors } }` with
 * header `_AbpErrorFormat: true`. Messages are already in the caller's language when thrown.
 */
export class AbpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { code?: string; details?: string; validationErrors?: ValidationError[]; data?: Record<string, unknown> } = {},
  ) {
    super(message);
  }
}

export const unauthorized = (message: string, code = 'Vigil:Unauthorized') => new AbpError(401, message, { code });
export const forbidden = (message: string, code = 'Vigil:Forbidden') => new AbpError(403, message, { code });
export const notFound = (message: string, code = 'Vigil:NotFound') => new AbpError(404, message, { code });
export const conflict = (message: string, code = 'Vigil:Concurrency') => new AbpError(409, message, { code });
export const badRequest = (message: string, validationErrors?: ValidationError[], code = 'Vigil:Validation') =>
  new AbpError(400, message, { code, ...(validationErrors ? { validationErrors } : {}) });

/** 503 while the database is away: the caller tries again after Retry-After. */
export const databaseUnavailable = (lang: string, translate: (key: string, lang: string) => string) =>
  new AbpError(503, translate('errors.databaseUnavailable', lang), { code: 'Vigil:DatabaseUnavailable' });

export function sendAbpError(reply: FastifyReply, err: AbpError): FastifyReply {
  return reply
    .status(err.status)
    .header('_AbpErrorFormat', 'true')
    .send({
      error: {
        code: err.extra.code ?? null,
        message: err.message,
        details: err.extra.details ?? null,
        data: err.extra.data ?? {},
        validationErrors: err.extra.validationErrors ?? null,
      },
    });
}

/** Every error leaving an /api route takes ABP's shape; unexpected ones are logged and hidden. */
export function installErrorHandler(app: FastifyInstance, translate: (key: string, lang: string) => string): void {
  app.setErrorHandler((error: FastifyError | AbpError, request, reply) => {
    if (error instanceof AbpError) return sendAbpError(reply, error);
    const lang = request.language ?? 'en';
    if ('validation' in error && error.validation) {
      const validationErrors = error.validation.map((v) => ({
        message: v.message ?? translate('errors.invalid', lang),
        members: [String(v.instancePath || v.params?.missingProperty || '').replace(/^\//, '')].filter(Boolean),
      }));
      return sendAbpError(reply, badRequest(translate('errors.validation', lang), validationErrors));
    }
    // The database went away (restart, failover, a cut connection): come back shortly, nothing was half-written.
    if (isConnectionError(error)) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendAbpError(reply, databaseUnavailable(lang, translate));
    }
    // A value the database refuses as data (too long, out of range, not a number, NUL, a bad date): the caller's input.
    if (isDataError(error)) {
      request.log.info({ err: error }, 'database refused a value');
      return sendAbpError(reply, badRequest(translate('errors.validation', lang)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    if (status === 429) return sendAbpError(reply, new AbpError(429, translate('errors.tooManyRequests', lang), { code: 'Vigil:TooManyRequests' }));
    if (status === 413) return sendAbpError(reply, new AbpError(413, translate('errors.tooLarge', lang), { code: 'Vigil:PayloadTooLarge' }));
    if (status >= 400 && status < 500) return sendAbpError(reply, new AbpError(status, translate('errors.invalid', lang), { code: error.code }));
    return sendAbpError(reply, new AbpError(500, translate('errors.unknown', lang), { code: 'Vigil:InternalError' }));
  });
}

/** PostgreSQL's data exceptions (SQLSTATE class 22) that only a caller's value causes. */
const DATA_ERRORS = new Set(['22001', '22003', '22004', '22007', '22008', '22019', '22021', '22023', '22025', '22P02', '22P05']);

function isDataError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error) || !('severity' in error)) return false;
  return typeof error.code === 'string' && DATA_ERRORS.has(error.code);
}

/** ABP's error body as a response schema, for routes to declare their refusals. */
export const ABP_ERROR_RESPONSE = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: ['string', 'null'] },
        message: { type: 'string' },
        details: { type: ['string', 'null'] },
        data: { type: ['object', 'null'], additionalProperties: true },
        validationErrors: {
          type: ['array', 'null'],
          items: { type: 'object', properties: { message: { type: 'string' }, members: { type: 'array', items: { type: 'string' } } } },
        },
      },
    },
  },
} as const;
