import { ID_PARAMS, NULLABLE_STRING, NULLABLE_TIME, PAGING_PROPERTIES, pagedResult, querySchema, TIME, UUID_STRING } from '../http/route-schemas';

/** Route schemas of the signed-in user's alarms (index.ts): the answers are messages.ts's AlarmDto. */
const ALARM = {
  type: 'object',
  required: ['id', 'eventId', 'deviceId', 'deviceName', 'type', 'subject', 'body', 'eventTime', 'creationTime', 'acknowledgedTime'],
  properties: {
    id: UUID_STRING,
    eventId: UUID_STRING,
    deviceId: UUID_STRING,
    deviceName: NULLABLE_STRING,
    type: { type: 'string' },
    subject: { type: 'string' },
    body: { type: 'string' },
    eventTime: TIME,
    creationTime: TIME,
    acknowledgedTime: NULLABLE_TIME,
  },
  additionalProperties: false,
} as const;

export const ALARM_LIST = {
  querystring: querySchema({ ...PAGING_PROPERTIES, unacknowledged: { type: 'string', enum: ['true', 'false'], description: 'Only the alarms not yet acknowledged' } } as const),
  response: { 200: pagedResult(ALARM) },
} as const;

export const ALARM_ACKNOWLEDGE = {
  params: ID_PARAMS,
  response: { 200: ALARM },
} as const;

/** A server-sent event stream: never a JSON answer (the route writes it itself). */
export const ALARM_STREAM = {
  response: { 200: { type: 'string', description: 'text/event-stream: "alarm" and "ack" events, "device" (a watch of the user changed: online, battery, charging, last contact), "resync" (reload what is open), "expired" or "ended" when the sign-in does' } },
} as const;
