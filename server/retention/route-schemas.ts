import { HISTORY_CLASSES } from '../history/classes';
import { NULLABLE_TIME, TIME } from '../http/route-schemas';

const DAYS = { type: 'integer', enum: [...HISTORY_CLASSES] } as const;

/** One period a tenant may choose, and why not when it may not. */
const CHOICE = {
  type: 'object',
  required: ['days', 'allowed', 'reason'],
  additionalProperties: false,
  properties: { days: DAYS, allowed: { type: 'boolean' }, reason: { type: ['string', 'null'], description: 'Why this period cannot be chosen now, in the caller’s language' } },
} as const;

/** What the next retention run removes of this tenant's history, and when. */
const NEXT_REMOVAL = {
  type: ['object', 'null'],
  required: ['before', 'at', 'positions', 'events', 'more'],
  additionalProperties: false,
  properties: {
    before: { ...TIME, description: 'Positions and events recorded before this time go' },
    at: { ...TIME, description: 'The retention run that removes them' },
    positions: { type: 'integer', minimum: 0 },
    events: { type: 'integer', minimum: 0 },
    more: { type: 'boolean', description: 'More than the counts say: counting stopped at 100,000' },
  },
} as const;

export const HISTORY_RETENTION = {
  type: 'object',
  required: ['historyDays', 'ownSetting', 'hostDefaultDays', 'hostMaxDays', 'choices', 'pending', 'next', 'lastRun', 'logs'],
  additionalProperties: false,
  properties: {
    historyDays: { ...DAYS, description: 'How many days positions and events are kept' },
    ownSetting: { type: 'boolean', description: 'The tenant chose it; else the host’s default applies' },
    hostDefaultDays: DAYS,
    hostMaxDays: DAYS,
    choices: { type: 'array', items: CHOICE },
    pending: { type: 'boolean', description: 'History is still being moved to the chosen period' },
    next: NEXT_REMOVAL,
    lastRun: NULLABLE_TIME,
    logs: {
      type: 'object',
      required: ['auditLogDays', 'securityLogDays', 'sentMailDays'],
      additionalProperties: false,
      description: 'The host’s retention of logs and sent mail',
      properties: { auditLogDays: { type: 'integer' }, securityLogDays: { type: 'integer' }, sentMailDays: { type: 'integer' } },
    },
  },
} as const;

export const HISTORY_RETENTION_BODY = {
  type: 'object',
  required: ['historyDays'],
  additionalProperties: false,
  properties: {
    historyDays: { type: ['integer', 'null'], enum: [...HISTORY_CLASSES, null], description: 'null: back to the host’s default', 'x-messages': { enum: 'retention.notAChoice', type: 'retention.notAChoice' } },
  },
} as const;
