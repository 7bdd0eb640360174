import { uuidList, uuidSchema, validator } from '../validation';

export const UNIT_CREATE_BODY = {
  type: 'object',
  required: ['displayName'],
  additionalProperties: false,
  properties: { displayName: { type: 'string', minLength: 1, maxLength: 128 }, parentId: { anyOf: [uuidSchema, { type: 'null' }] }, extraProperties: { type: ['object', 'null'] } },
} as const;
export const readUnitCreate = validator<{ displayName: string; parentId?: string | null }>(UNIT_CREATE_BODY);

export const UNIT_UPDATE_BODY = {
  type: 'object',
  required: ['displayName'],
  additionalProperties: false,
  properties: { displayName: { type: 'string', minLength: 1, maxLength: 128 }, concurrencyStamp: { type: 'string', maxLength: 64 }, extraProperties: { type: ['object', 'null'] } },
} as const;
export const readUnitUpdate = validator<{ displayName: string; concurrencyStamp?: string }>(UNIT_UPDATE_BODY);

export const MOVE_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: { newParentId: { anyOf: [uuidSchema, { type: 'null' }] } },
} as const;
export const readMove = validator<{ newParentId?: string | null }>(MOVE_BODY);

export const ROLE_IDS_BODY = { type: 'object', required: ['roleIds'], additionalProperties: false, properties: { roleIds: uuidList(100) } } as const;
export const readRoleIds = validator<{ roleIds: string[] }>(ROLE_IDS_BODY);

export const USER_IDS_BODY = { type: 'object', required: ['userIds'], additionalProperties: false, properties: { userIds: uuidList(1000) } } as const;
export const readUserIds = validator<{ userIds: string[] }>(USER_IDS_BODY);
