import { DATE_TIME, EXTRA_PROPERTIES, NULLABLE_UUID, UUID_STRING } from '../route-schemas';

/** ABP's IdentityRoleDto as roles/queries.ts `roleDto` answers it (userCount on the paged list only, tenantName on the lists). */
export const ROLE = {
  type: 'object',
  properties: {
    id: UUID_STRING,
    tenantId: NULLABLE_UUID,
    name: { type: 'string' },
    isDefault: { type: 'boolean' },
    isStatic: { type: 'boolean' },
    isPublic: { type: 'boolean' },
    concurrencyStamp: { type: 'string' },
    creationTime: DATE_TIME,
    userCount: { type: 'integer', minimum: 0, description: 'Live users given the role directly (paged list only)' },
    tenantName: { type: ['string', 'null'], description: "Its tenant's name, null for the host's roles (the lists only)" },
    extraProperties: EXTRA_PROPERTIES,
  },
  required: ['id', 'tenantId', 'name', 'isDefault', 'isStatic', 'isPublic', 'concurrencyStamp', 'creationTime', 'extraProperties'],
} as const;

/** A role's claim. */
export const ROLE_CLAIM = {
  type: 'object',
  properties: { id: UUID_STRING, roleId: UUID_STRING, claimType: { type: 'string' }, claimValue: { type: 'string' } },
  required: ['id', 'roleId', 'claimType', 'claimValue'],
} as const;

export const ROLE_TAGS = ['identity-roles'];
