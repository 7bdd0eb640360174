import { DATE_TIME, NULLABLE_STRING, UUID_STRING } from '../route-schemas';
import { VALUE_TYPES } from './value-types';

/** ABP's ClaimTypeDto as value-types.ts `claimTypeDto` answers it. */
export const CLAIM_TYPE = {
  type: 'object',
  properties: {
    id: UUID_STRING,
    name: { type: 'string' },
    required: { type: 'boolean' },
    isStatic: { type: 'boolean' },
    regex: NULLABLE_STRING,
    regexDescription: NULLABLE_STRING,
    description: NULLABLE_STRING,
    valueType: { type: 'integer', minimum: 0, maximum: VALUE_TYPES.length - 1, description: '0 String, 1 Int, 2 Boolean, 3 DateTime' },
    valueTypeAsString: { type: 'string', enum: [...VALUE_TYPES] },
    concurrencyStamp: { type: 'string' },
    creationTime: DATE_TIME,
  },
  required: ['id', 'name', 'required', 'isStatic', 'regex', 'regexDescription', 'description', 'valueType', 'valueTypeAsString', 'concurrencyStamp', 'creationTime'],
} as const;

/** A claim type to create or update (ABP's CreateClaimTypeDto / UpdateClaimTypeDto); routes.ts reads it with translated messages. */
export const CLAIM_TYPE_BODY = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 256 },
    required: { type: 'boolean' },
    isStatic: { type: 'boolean' },
    regex: { type: ['string', 'null'], maxLength: 512 },
    regexDescription: { type: ['string', 'null'], maxLength: 128 },
    description: { type: ['string', 'null'], maxLength: 256 },
    valueType: { type: ['integer', 'string'], description: 'ABP number (0-3) or name (String, Int, Boolean, DateTime)' },
    valueTypeAsString: { type: ['string', 'null'] },
    concurrencyStamp: { type: 'string', maxLength: 64 },
    extraProperties: { type: ['object', 'null'] },
  },
} as const;
