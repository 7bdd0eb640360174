import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isConnectionError, RETRY_AFTER_SECONDS } from '../db/health';
import { describeRefusal, type ValidationError } from './validation-errors';

export type { ValidationError } from './validation-errors';

/**
 * An error answered in ABP's shape: `{ error: { code, message, details, validationErrors } }` with
 * header `_AbpErrorFormat: true`. Messages are already in the caller's language when thrown.
 */
export class AbpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { code?: string; details?: string; validationErrors?: ValidationError[]; data?: Record<string, unknown>; challenge?: AuthChallenge } = {},
  ) {
    super(message);
  }
}

/** The DPoP proof algorithms the API and the issuer accept (RFC 9449 `algs`): asymmetric ones only. */
export const DPOP_ALGS = ['ES256', 'Ed25519', 'EdDSA', 'RS256', 'PS256'] as const;

/**
 * What a 401 tells the client in WWW-Authenticate (RFC 6750 section 3, RFC 9449 section 7.1): the
 * scheme the refused token was sent with, the error code and an English description (header
 * values are ASCII; the caller's language is in the ABP body).
 */
export interface AuthChallenge {
  scheme: 'Bearer' | 'DPoP';
  error: 'invalid_request' | 'invalid_token' | 'invalid_dpop_proof';
  description: string;
}

/**
 * An access token or DPoP proof refused: the challenge, and the text (a key of the server
 * namespace, with its values) and ABP code for the caller. Thrown by the token checks, which the
 * API answers as an ABP error and userinfo as an OAuth error. Never carries the token or proof.
 */
export class TokenRefusal extends Error {
  readonly text: string;
  readonly code: string;
  readonly values: Record<string, string>;
  constructor(
    readonly challenge: AuthChallenge,
    opts: { text?: string; code?: string; values?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(challenge.description, { cause: opts.cause });
    this.text = opts.text ?? 'errors.invalidToken';
    this.code = opts.code ?? 'Vigil:Unauthorized';
    this.values = opts.values ?? {};
  }
}

/**
 * WWW-Authenticate for a 401: both schemes the API takes, the error (when a token was refused)
 * in the one it was sent with. Without a challenge (no token sent) there is no error (RFC 6750).
 */
export function wwwAuthenticate(challenge?: AuthChallenge): string {
  const params = (scheme: AuthChallenge['scheme']) =>
    challenge?.scheme === scheme ? [`error="${challenge.error}"`, `error_description="${challenge.description.replace(/["\\]/g, '')}"`] : [];
  const bearer = ['Bearer', params('Bearer').join(', ')].filter(Boolean).join(' ');
  const dpop = `DPoP ${[...params('DPoP'), `algs="${DPOP_ALGS.join(' ')}"`].join(', ')}`;
  return `${bearer}, ${dpop}`;
}

/** A 401 with a challenge: the token (or its proof) the caller sent was refused. */
export const tokenRefused = (refusal: TokenRefusal, message: string) => new AbpError(401, message, { code: refusal.code, challenge: refusal.challenge });

/**
 * ABP's own error codes, used wherever ABP has one (Vigil's `Vigil:*` codes remain for the rest):
 * - a denied policy, 401 to the anonymous and 403 to the signed in: AbpAuthorizationErrorCodes
 *   (framework/src/Volo.Abp.Authorization/Volo/Abp/Authorization/AbpAuthorizationErrorCodes.cs);
 * - a tenant not found or not active: TenantConfigurationProvider
 *   (framework/src/Volo.Abp.MultiTenancy/Volo/Abp/MultiTenancy/TenantConfigurationProvider.cs).
 */
export const ABP_CODES = {
  policyNotGranted: 'Volo.Authorization:010001',
  tenantNotFound: 'Volo.AbpIo.MultiTenancy:010001',
  tenantNotActive: 'Volo.AbpIo.MultiTenancy:010002',
} as const;

export const unauthorized = (message: string, code: string = ABP_CODES.policyNotGranted) => new AbpError(401, message, { code });
export const forbidden = (message: string, code: string = ABP_CODES.policyNotGranted) => new AbpError(403, message, { code });
export const notFound = (message: string, code = 'Vigil:NotFound') => new AbpError(404, message, { code });
export const conflict = (message: string, code = 'Vigil:Concurrency') => new AbpError(409, message, { code });
export const badRequest = (message: string, validationErrors?: ValidationError[], code = 'Vigil:Validation') =>
  new AbpError(400, message, { code, ...(validationErrors ? { validationErrors } : {}) });

/** 503 while the database is away: the caller tries again after Retry-After. */
export const databaseUnavailable = (lang: string, translate: (key: string, lang: string) => string) =>
  new AbpError(503, translate('errors.databaseUnavailable', lang), { code: 'Vigil:DatabaseUnavailable' });

/** Refused with no challenge of its own although a token was sent (its sign-in ended, say): invalid_token. */
function presentedTokenChallenge(authorization: string | undefined): AuthChallenge | undefined {
  if (!authorization) return undefined;
  const scheme = /^dpop\s/i.test(authorization) ? 'DPoP' : 'Bearer';
  return { scheme, error: 'invalid_token', description: 'The access token is not valid, has expired or its sign-in has ended' };
}

export function sendAbpError(reply: FastifyReply, err: AbpError): FastifyReply {
  // Every 401 says how to authenticate (RFC 9110 section 15.5.2).
  if (err.status === 401) reply.header('www-authenticate', wwwAuthenticate(err.extra.challenge ?? presentedTokenChallenge(reply.request.headers.authorization)));
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
    // A request its route's schema refuses (http/route-validation.ts), named member by member.
    if ('validation' in error && error.validation) {
      const refusal = describeRefusal(error.validation, error.validationContext ?? 'body', lang, request.routeOptions.config.fieldLabel);
      if (refusal.notFound) return sendAbpError(reply, notFound(translate('errors.entityNotFound', lang)));
      return sendAbpError(reply, badRequest(translate('errors.validation', lang), refusal.problems));
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
