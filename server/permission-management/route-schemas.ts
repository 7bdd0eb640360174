import { ABP_ERROR_RESPONSE } from '../http/errors';
import { NULLABLE_STRING } from '../http/route-schemas';

/** Route schemas of /api/permission-management/permissions (ABP's permission management). */

/** The role ('R', by name) or user ('U', by id) whose grants are read or changed; target.ts reads it. */
export const TARGET_QUERY = {
  type: 'object',
  properties: {
    providerName: { type: 'string', enum: ['R', 'U'], description: "'R' (role, by name) or 'U' (user, by id)" },
    providerKey: { type: 'string', minLength: 1, maxLength: 256, description: "The role's name or the user's id" },
  },
  required: ['providerName', 'providerKey'],
  additionalProperties: false,
} as const;

/** No such role or user in the caller's reach (another tenant's is not revealed). */
export const TARGET_NOT_FOUND = { 404: ABP_ERROR_RESPONSE } as const;

/** ABP's UpdatePermissionsDto. */
export const UPDATE_BODY = {
  type: 'object',
  required: ['permissions'],
  additionalProperties: false,
  properties: {
    permissions: {
      type: 'array',
      maxItems: 5000,
      items: { type: 'object', required: ['name', 'isGranted'], additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: 256 }, isGranted: { type: 'boolean' } } },
    },
  },
} as const;

const PROVIDER = { type: 'object', properties: { providerName: { type: 'string' }, providerKey: { type: 'string' } }, required: ['providerName', 'providerKey'] } as const;

/** ABP's GetPermissionListResultDto. */
export const PERMISSION_LIST = {
  type: 'object',
  properties: {
    entityDisplayName: { type: 'string' },
    groups: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          displayName: { type: 'string' },
          displayNameKey: NULLABLE_STRING,
          displayNameResource: NULLABLE_STRING,
          permissions: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                displayName: { type: 'string' },
                parentName: NULLABLE_STRING,
                isGranted: { type: 'boolean' },
                allowedProviders: { type: 'array', items: { type: 'string' } },
                grantedProviders: { type: 'array', items: PROVIDER },
              },
              required: ['name', 'displayName', 'parentName', 'isGranted', 'allowedProviders', 'grantedProviders'],
            },
          },
        },
        required: ['name', 'displayName', 'displayNameKey', 'displayNameResource', 'permissions'],
      },
    },
  },
  required: ['entityDisplayName', 'groups'],
} as const;
