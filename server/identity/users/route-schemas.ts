import { DATE_TIME, EXTRA_PROPERTIES, NULLABLE_DATE_TIME, NULLABLE_STRING, NULLABLE_UUID, UUID_STRING } from '../route-schemas';

/**
 * ABP's IdentityUserDto (an ExtensibleFullAuditedEntityDto) as users/queries.ts `toUserDto`
 * answers it, with Vigil's phone sign-in flag, sign-in times and direct role names;
 * organizationUnitIds on single users only.
 */
export const USER = {
  type: 'object',
  properties: {
    id: UUID_STRING,
    tenantId: NULLABLE_UUID,
    userName: { type: 'string' },
    name: NULLABLE_STRING,
    surname: NULLABLE_STRING,
    email: { type: 'string' },
    emailConfirmed: { type: 'boolean' },
    phoneNumber: NULLABLE_STRING,
    phoneNumberConfirmed: { type: 'boolean' },
    phoneNumberLoginEnabled: { type: 'boolean' },
    isActive: { type: 'boolean' },
    lockoutEnabled: { type: 'boolean' },
    lockoutEnd: NULLABLE_DATE_TIME,
    isLockedOut: { type: 'boolean' },
    accessFailedCount: { type: 'integer' },
    twoFactorEnabled: { type: 'boolean' },
    creationTime: DATE_TIME,
    creatorId: NULLABLE_UUID,
    lastModificationTime: NULLABLE_DATE_TIME,
    lastModifierId: NULLABLE_UUID,
    isDeleted: { type: 'boolean' },
    deleterId: NULLABLE_UUID,
    deletionTime: NULLABLE_DATE_TIME,
    lastSignInTime: NULLABLE_DATE_TIME,
    lastPasswordChangeTime: NULLABLE_DATE_TIME,
    concurrencyStamp: { type: 'string' },
    roleNames: { type: 'array', items: { type: 'string' } },
    organizationUnitIds: { type: 'array', items: UUID_STRING },
    extraProperties: EXTRA_PROPERTIES,
  },
  required: ['id', 'tenantId', 'userName', 'email', 'isActive', 'lockoutEnabled', 'isLockedOut', 'creationTime', 'isDeleted', 'concurrencyStamp', 'roleNames', 'extraProperties'],
} as const;

/** A unit a user is a member of. */
export const USER_UNIT = {
  type: 'object',
  properties: { id: UUID_STRING, parentId: NULLABLE_UUID, code: { type: 'string' }, displayName: { type: 'string' } },
  required: ['id', 'parentId', 'code', 'displayName'],
} as const;

export const USER_TAGS = ['identity-users'];
