import { ABP_ERROR_RESPONSE } from '../http/errors';
import { pathParams, UUID_STRING } from '../http/route-schemas';
import { REGISTRATION_RESPONSE_SCHEMA } from '../identity/passkeys/response-schemas';
import { MAX_PASSKEY_NAME } from '../identity/passkeys/store';

/** Route schemas of /api/account/passkeys (server/accounts/passkey-routes.ts). */
export const PASSKEY = {
  type: 'object',
  properties: {
    id: UUID_STRING,
    name: { type: 'string' },
    creationTime: { type: 'string', format: 'date-time' },
    lastUsedTime: { type: ['string', 'null'], format: 'date-time' },
    isSynced: { type: 'boolean' },
  },
  required: ['id', 'name', 'creationTime', 'lastUsedTime', 'isSynced'],
} as const;

export const PASSKEY_LIST = {
  type: 'object',
  properties: { totalCount: { type: 'integer' }, items: { type: 'array', items: PASSKEY } },
  required: ['totalCount', 'items'],
} as const;

/** A malformed id is a 400 naming it. */
export const ID_PARAMS = pathParams({ id: UUID_STRING });

const NAME = { type: 'string', minLength: 1, maxLength: MAX_PASSKEY_NAME, pattern: '\\S' } as const;

/** The browser's answer to the registration options, and the name the user gives the passkey (the browser's name when left out). */
export const REGISTER_BODY = {
  type: 'object',
  properties: { name: NAME, response: REGISTRATION_RESPONSE_SCHEMA },
  required: ['response'],
  additionalProperties: false,
} as const;

/** Registration options take the current password: a stolen access token alone adds no passkey. */
export const OPTIONS_BODY = {
  type: 'object',
  properties: { password: { type: 'string', minLength: 1, maxLength: 1024 } },
  required: ['password'],
  additionalProperties: false,
} as const;

export const RENAME_BODY = { type: 'object', properties: { name: NAME }, required: ['name'], additionalProperties: false } as const;

/** navigator.credentials.create's options, as WebAuthn's JSON (PublicKeyCredentialCreationOptionsJSON). */
export const REGISTRATION_OPTIONS = {
  type: 'object',
  properties: {
    challenge: { type: 'string' },
    rp: { type: 'object', additionalProperties: true },
    user: { type: 'object', additionalProperties: true },
    pubKeyCredParams: { type: 'array', items: { type: 'object', additionalProperties: true } },
    timeout: { type: 'integer' },
    excludeCredentials: { type: 'array', items: { type: 'object', additionalProperties: true } },
    authenticatorSelection: { type: 'object', additionalProperties: true },
    attestation: { type: 'string' },
    extensions: { type: 'object', additionalProperties: true },
    hints: { type: 'array', items: { type: 'string' } },
  },
  required: ['challenge', 'rp', 'user', 'pubKeyCredParams'],
  additionalProperties: true,
} as const;

export const REFUSALS = { 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE } as const;
