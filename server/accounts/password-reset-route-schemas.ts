import { object } from '../abp/schema-parts';
import { ABP_ERROR_RESPONSE } from '../http/errors';

/**
 * Route schemas of the forgotten-password routes (server/accounts/password-reset-routes.ts). The
 * link's token travels in request bodies only, never in a URL the server or a proxy logs.
 */

export const RESET_REQUEST_BODY = {
  type: 'object',
  required: ['login'],
  additionalProperties: false,
  properties: { login: { type: 'string', minLength: 1, maxLength: 256, description: "The account's e-mail address or user name" } },
} as const;

const TOKEN = { type: 'string', minLength: 1, maxLength: 128, description: "The token of the mailed link (after '#token=')" } as const;

export const RESET_TOKEN_BODY = { type: 'object', required: ['token'], additionalProperties: false, properties: { token: TOKEN } } as const;

export const RESET_PASSWORD_BODY = {
  type: 'object',
  required: ['token', 'newPassword'],
  additionalProperties: false,
  properties: { token: TOKEN, newPassword: { type: 'string', maxLength: 1024 } },
} as const;

/** Whose password the link sets (its holder proved they read the account's mail). */
export const RESET_ACCOUNT = object({ userName: { type: 'string' } });

/** A used or expired link (403), an unknown, replaced or voided one (404). */
export const RESET_LINK_REFUSALS = { 403: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE } as const;
