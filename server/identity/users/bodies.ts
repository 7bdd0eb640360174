import { USER_NAME_RE } from '../../../common/caregiver-account';
import { uuidList } from '../validation';

/** Request bodies of /api/identity/users (ABP's IdentityUserCreateDto / UpdateDto and friends). */

/** ABP's allowed user name characters (common/caregiver-account.ts, shared with the registration form). */
export const USER_NAME_PATTERN = USER_NAME_RE.source;
export const PHONE_PATTERN = '^(?:\\+?[0-9]{4,16})?$';

const userFields = {
  userName: { type: 'string', minLength: 1, maxLength: 256, pattern: USER_NAME_PATTERN, 'x-messages': { pattern: 'validation:userNameCharacters' } },
  email: { type: 'string', minLength: 1, maxLength: 256, format: 'email' },
  name: { type: ['string', 'null'], maxLength: 64 },
  surname: { type: ['string', 'null'], maxLength: 64 },
  // A phone number, or none (empty or null).
  phoneNumber: { type: ['string', 'null'], maxLength: 16, pattern: PHONE_PATTERN, 'x-messages': { pattern: 'validation:phoneDigits', maxLength: 'validation:phoneDigits' } },
  phoneNumberLoginEnabled: { type: 'boolean' },
  isActive: { type: 'boolean' },
  lockoutEnabled: { type: 'boolean' },
  roleNames: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 256 } },
  organizationUnitIds: uuidList(100),
  // Sent by ABP clients; accepted and ignored.
  extraProperties: { type: ['object', 'null'] },
  emailConfirmed: { type: 'boolean' },
  phoneNumberConfirmed: { type: 'boolean' },
  sendConfirmationEmail: { type: 'boolean' },
  shouldChangePasswordOnNextLogin: { type: 'boolean' },
} as const;

export const USER_CREATE_BODY = {
  type: 'object',
  required: ['userName', 'email', 'password'],
  additionalProperties: false,
  properties: { ...userFields, password: { type: 'string', minLength: 1, maxLength: 1024 } },
} as const;

export const USER_UPDATE_BODY = {
  type: 'object',
  required: ['userName', 'email'],
  additionalProperties: false,
  properties: { ...userFields, concurrencyStamp: { type: 'string', maxLength: 64 } },
} as const;

export const ROLE_NAMES_BODY = { type: 'object', required: ['roleNames'], additionalProperties: false, properties: { roleNames: userFields.roleNames } } as const;

export const NEW_PASSWORD_BODY = { type: 'object', required: ['newPassword'], additionalProperties: false, properties: { newPassword: { type: 'string', minLength: 1, maxLength: 1024 } } } as const;

/** The signed-in user's own password change: the current password proves it is them. */
export const CHANGE_PASSWORD_BODY = {
  type: 'object',
  required: ['currentPassword', 'newPassword'],
  additionalProperties: false,
  properties: { currentPassword: { type: 'string', minLength: 1, maxLength: 1024 }, newPassword: { type: 'string', minLength: 1, maxLength: 1024 } },
} as const;
