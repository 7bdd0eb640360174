import { ABP_ERROR_RESPONSE } from '../http/errors';

/** Route schemas of /api/account/authenticator (server/accounts/authenticator-routes.ts). */
export const STATUS = {
  type: 'object',
  properties: {
    isEnabled: { type: 'boolean' },
    enabledTime: { type: ['string', 'null'], format: 'date-time' },
    recoveryCodesLeft: { type: 'integer' },
  },
  required: ['isEnabled', 'enabledTime', 'recoveryCodesLeft'],
} as const;

export const SETUP = {
  type: 'object',
  properties: {
    /** Base32, for typing into the app when the QR code cannot be scanned. */
    secret: { type: 'string' },
    /** The otpauth:// URI the QR code holds. */
    uri: { type: 'string' },
    /** The QR code as an SVG data URL. */
    qrCode: { type: 'string' },
  },
  required: ['secret', 'uri', 'qrCode'],
} as const;

export const RECOVERY_CODES = {
  type: 'object',
  properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } },
  required: ['recoveryCodes'],
} as const;

const CODE = { type: 'string', minLength: 1, maxLength: 32 } as const;

const PASSWORD = { type: 'string', minLength: 1, maxLength: 1024 } as const;

/** Setting the app up takes the current password: a stolen access token alone adds no second factor. */
export const SETUP_BODY = { type: 'object', properties: { password: PASSWORD }, required: ['password'], additionalProperties: false } as const;
export const CODE_BODY = { type: 'object', properties: { code: CODE }, required: ['code'], additionalProperties: false } as const;
/** Turning the app off takes a current code (or a recovery code) or the password (one of them: the route checks). */
export const DISABLE_BODY = {
  type: 'object',
  properties: { code: CODE, password: PASSWORD },
  additionalProperties: false,
} as const;

export const REFUSALS = { 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE, 429: ABP_ERROR_RESPONSE } as const;
