import { DATE_TIME, EXTRA_PROPERTIES, NULLABLE_UUID, UUID_STRING } from '../route-schemas';

/** ABP's OrganizationUnitWithDetailsDto as queries.ts `unitDto` answers it. */
export const UNIT = {
  type: 'object',
  properties: {
    id: UUID_STRING,
    tenantId: NULLABLE_UUID,
    parentId: NULLABLE_UUID,
    code: { type: 'string', description: "ABP's code: '00001.00002'" },
    displayName: { type: 'string' },
    roles: {
      type: 'array',
      items: { type: 'object', properties: { organizationUnitId: UUID_STRING, roleId: UUID_STRING }, required: ['organizationUnitId', 'roleId'] },
    },
    concurrencyStamp: { type: 'string' },
    creationTime: DATE_TIME,
    extraProperties: EXTRA_PROPERTIES,
  },
  required: ['id', 'tenantId', 'parentId', 'code', 'displayName', 'roles', 'concurrencyStamp', 'creationTime', 'extraProperties'],
} as const;

export const UNIT_TAGS = ['identity-organization-units'];
