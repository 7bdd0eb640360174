/** Bodies of /api/identity/roles (ABP's IdentityRoleCreateDto / UpdateDto) and role claims. */

const roleFields = {
  name: { type: 'string', minLength: 1, maxLength: 256 },
  isDefault: { type: 'boolean' },
  isPublic: { type: 'boolean' },
  extraProperties: { type: ['object', 'null'] },
} as const;

export const ROLE_CREATE_BODY = { type: 'object', required: ['name'], additionalProperties: false, properties: roleFields } as const;

export const ROLE_UPDATE_BODY = { type: 'object', required: ['name'], additionalProperties: false, properties: { ...roleFields, concurrencyStamp: { type: 'string', maxLength: 64 } } } as const;

export const CLAIMS_BODY = {
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    required: ['claimType', 'claimValue'],
    // ABP clients send roleId (and id) with each claim; the route's id is the one that counts.
    additionalProperties: false,
    properties: {
      claimType: { type: 'string', minLength: 1, maxLength: 256 },
      claimValue: { type: 'string', minLength: 1, maxLength: 1024 },
      roleId: { type: ['string', 'null'] },
      id: { type: ['string', 'null'] },
    },
  },
} as const;

