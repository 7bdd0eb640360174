import { AVATAR_TYPES } from '../../common/avatar';
import { LANGUAGES } from '../../common/languages';
import { object } from '../abp/schema-parts';
import { ABP_ERROR_RESPONSE } from '../http/errors';
import { pathParams, querySchema } from '../http/route-schemas';

/** Route schemas of /api/plugandplay/profile (registration, the account, transfers) and /api/plugandplay/avatar. */

const STRING = { type: 'string' } as const;
const DATE_TIME = { type: 'string', format: 'date-time' } as const;
const NULLABLE_DATE_TIME = { type: ['string', 'null'], format: 'date-time' } as const;

export { NO_CONTENT } from '../http/route-schemas';
/** "Check your mail" and the like: the same answer whatever the address or recipient (202). */
export const ACCEPTED_MESSAGE = object({ message: STRING });

export const TOKEN_QUERY = querySchema({ token: { type: 'string', maxLength: 128 } });
export const REGISTRATION_GREETING = object({ name: STRING, userName: STRING });
export const REGISTRATION_DONE = object({ userName: STRING });

/** A language Vigil speaks, by its culture name (common/languages.ts). */
const CULTURE = { type: 'string', enum: LANGUAGES.map((l) => l.cultureName), description: "A culture name: 'en', 'da-DK', 'de-DE', 'sv' or 'no'" } as const;

export const PROFILE = object({
  id: STRING,
  userName: STRING,
  fullName: STRING,
  email: STRING,
  phoneNumber: STRING,
  productUpdates: { type: 'boolean' },
  avatarUpdated: NULLABLE_DATE_TIME,
  activeSubscriptions: { type: 'integer' },
  canDelete: { type: 'boolean' },
  /** Alarms and mails are written in it (server/accounts/user-language.ts). */
  language: CULTURE,
  outgoingTransfer: {
    type: ['object', 'null'],
    properties: { id: STRING, status: { type: 'string', enum: ['pending', 'accepted'] }, recipient: STRING, expiresTime: DATE_TIME, acceptedTime: NULLABLE_DATE_TIME },
    required: ['id', 'status', 'recipient', 'expiresTime', 'acceptedTime'],
  },
  incomingTransfers: { type: 'array', items: object({ id: STRING, senderName: STRING, senderEmail: STRING, expiresTime: DATE_TIME }) },
});

/** The language a user chose: alarms in every channel, reminders and mails are written in it. */
export const LANGUAGE_BODY = { type: 'object', required: ['language'], additionalProperties: false, properties: { language: CULTURE } } as const;
export const OWN_LANGUAGE = object({ language: CULTURE });

export const RECIPIENT_PARAMS = pathParams({ recipient: { type: 'string', description: 'E-mail, user name or user id of the account to invite' } });
/** A transfer link: an id that is no UUID names no transfer, as an unknown one (transfer-routes.ts). */
export const TRANSFER_PARAMS = pathParams({ id: { type: 'string', description: 'The transfer id (a UUID)' }, token: { type: 'string', description: "The link's token" } });
export const TRANSFER_OFFER = object({ id: STRING, senderName: STRING, senderEmail: STRING, deviceCount: { type: 'integer' }, expiresTime: DATE_TIME });
export const TRANSFER_DONE = object({ deviceCount: { type: 'integer' }, senderName: STRING });

const BINARY = { type: 'string', format: 'binary' } as const;
/** The picture's bytes, sent as they are (a Buffer is never serialized), in its own image type. */
export const AVATAR_IMAGE = {
  description: "The user's picture",
  content: Object.fromEntries(AVATAR_TYPES.map((type) => [type, { schema: BINARY }])),
} as const;
/** Any bytes: an image's content is no JSON Schema, so avatar-routes.ts judges it (avatarProblem, with its own messages). */
export const AVATAR_UPLOAD = { format: 'binary', description: 'The image bytes (PNG, JPEG, GIF or WebP; the content decides, not the Content-Type)' } as const;
export const AVATAR_UPLOAD_TYPES = [...AVATAR_TYPES, 'application/octet-stream'];
export const AVATAR_STORED = object({ contentType: { type: 'string', enum: [...AVATAR_TYPES] }, size: { type: 'integer' } });

/** callerAccount's 404 (the account is gone) on routes without a path parameter, and the mail limits' 429. */
export const NOT_FOUND = { 404: ABP_ERROR_RESPONSE } as const;
export const TOO_MANY = { 429: ABP_ERROR_RESPONSE } as const;
/** Anonymous routes: a closed registration or a used or expired link (403), an unknown link (404). */
export const LINK_REFUSALS = { 403: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE } as const;
