import { MAX_RESULT_COUNT, MAX_SKIP_COUNT } from '../http/paging';

/** Route schemas of the signed-in user's alarms (index.ts): the answers are messages.ts's AlarmDto. */
const TIME = { type: 'string', format: 'date-time' } as const;
const ALARM = {
  type: 'object',
  required: ['id', 'eventId', 'deviceId', 'deviceName', 'type', 'subject', 'body', 'eventTime', 'creationTime', 'acknowledgedTime'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    eventId: { type: 'string', format: 'uuid' },
    deviceId: { type: 'string', format: 'uuid' },
    deviceName: { type: ['string', 'null'] },
    type: { type: 'string' },
    subject: { type: 'string' },
    body: { type: 'string' },
    eventTime: TIME,
    creationTime: TIME,
    acknowledgedTime: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const ALARM_LIST = {
  querystring: {
    type: 'object',
    properties: {
      SkipCount: { type: 'integer', minimum: 0, maximum: MAX_SKIP_COUNT },
      MaxResultCount: { type: 'integer', minimum: 1, maximum: MAX_RESULT_COUNT },
      unacknowledged: { type: 'boolean', description: 'Only the alarms not yet acknowledged' },
    },
  },
  response: { 200: { type: 'object', required: ['totalCount', 'items'], properties: { totalCount: { type: 'integer' }, items: { type: 'array', items: ALARM } } } },
} as const;

export const ALARM_ACKNOWLEDGE = {
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string', description: "The alarm message's id" } } },
  response: { 200: ALARM },
} as const;

/** A server-sent event stream: never a JSON answer (the route writes it itself). */
export const ALARM_STREAM = {
  response: { 200: { type: 'string', description: 'text/event-stream: "alarm" and "ack" events, "expired" or "ended" when the sign-in does' } },
} as const;
