import { NULLABLE_UUID } from '../../http/route-schemas';
import { uuidList } from '../validation';

export const UNIT_CREATE_BODY = {
  type: 'object',
  required: ['displayName'],
  additionalProperties: false,
  properties: { displayName: { type: 'string', minLength: 1, maxLength: 128 }, parentId: NULLABLE_UUID, extraProperties: { type: ['object', 'null'] } },
} as const;

export const UNIT_UPDATE_BODY = {
  type: 'object',
  required: ['displayName'],
  additionalProperties: false,
  properties: { displayName: { type: 'string', minLength: 1, maxLength: 128 }, concurrencyStamp: { type: 'string', maxLength: 64 }, extraProperties: { type: ['object', 'null'] } },
} as const;

export const MOVE_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: { newParentId: NULLABLE_UUID },
} as const;

export const ROLE_IDS_BODY = { type: 'object', required: ['roleIds'], additionalProperties: false, properties: { roleIds: uuidList(100) } } as const;

export const USER_IDS_BODY = { type: 'object', required: ['userIds'], additionalProperties: false, properties: { userIds: uuidList(1000) } } as const;

