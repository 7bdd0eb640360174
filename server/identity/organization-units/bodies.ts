import { uuidList, uuidSchema, validator } from '../validation';

export const readUnitCreate = validator<{ displayName: string; parentId?: string | null }>({
  type: 'object',
  required: ['displayName'],
  additionalProperties: false,
  properties: { displayName: { type: 'string', minLength: 1, maxLength: 128 }, parentId: { anyOf: [uuidSchema, { type: 'null' }] }, extraProperties: { type: ['object', 'null'] } },
});

export const readUnitUpdate = validator<{ displayName: string; concurrencyStamp?: string }>({
  type: 'object',
  required: ['displayName'],
  additionalProperties: false,
  properties: { displayName: { type: 'string', minLength: 1, maxLength: 128 }, concurrencyStamp: { type: 'string', maxLength: 64 }, extraProperties: { type: ['object', 'null'] } },
});

export const readMove = validator<{ newParentId?: string | null }>({
  type: 'object',
  additionalProperties: false,
  properties: { newParentId: { anyOf: [uuidSchema, { type: 'null' }] } },
});

export const readRoleIds = validator<{ roleIds: string[] }>({ type: 'object', required: ['roleIds'], additionalProperties: false, properties: { roleIds: uuidList(100) } });

export const readUserIds = validator<{ userIds: string[] }>({ type: 'object', required: ['userIds'], additionalProperties: false, properties: { userIds: uuidList(1000) } });
