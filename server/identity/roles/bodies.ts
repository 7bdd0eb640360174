import { validator } from '../validation';

/** Bodies of /api/identity/roles (ABP's IdentityRoleCreateDto / UpdateDto) and role claims. */
export interface RoleInput {
  name: string;
  isDefault?: boolean;
  isPublic?: boolean;
  concurrencyStamp?: string;
}

const roleFields = {
  name: { type: 'string', minLength: 1, maxLength: 256 },
  isDefault: { type: 'boolean' },
  isPublic: { type: 'boolean' },
  extraProperties: { type: ['object', 'null'] },
} as const;

export const readRoleCreate = validator<RoleInput>({ type: 'object', required: ['name'], additionalProperties: false, properties: roleFields }, { context: 'role' });

export const readRoleUpdate = validator<RoleInput>(
  { type: 'object', required: ['name'], additionalProperties: false, properties: { ...roleFields, concurrencyStamp: { type: 'string', maxLength: 64 } } },
  { context: 'role' },
);

export interface ClaimInput {
  claimType: string;
  claimValue: string;
}

export const readClaims = validator<ClaimInput[]>({
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
});
